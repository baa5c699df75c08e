// Sending a broadcast: an administrator's message to every member of the network, stored so
// members read it in the web app. A message id sent again within five minutes is a duplicate;
// the unique constraint on (network, message id) decides, so concurrent resends cannot slip by.
import type { SignedInActor } from '../../http/endpoint';
import { isUniqueViolation } from '../../db/database';
import { ApiError } from '../../lib/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { recordAudit } from '../audit/store';
import { insertBroadcast, releaseMessageId } from './store';
import { announce, committed } from '../../lib/changes';


export const DUPLICATE_WINDOW_MS = 5 * 60_000;

export async function sendBroadcast(ctx: SignedInActor, input: { subject: string; body: string; messageId?: string }): Promise<number> {
  const body = sanitizeDescription(input.body).trim();
  if (!body) throw new ApiError('missingParameter', "A broadcast needs a 'body'.");
  const messageId = input.messageId ?? null;
  try {
    return await committed(ctx, async (tx) => {
      if (messageId !== null) await releaseMessageId(tx, ctx.network.id, messageId, ctx.now - DUPLICATE_WINDOW_MS);
      const id = await insertBroadcast(tx, {
        network_id: ctx.network.id,
        author_id: ctx.viewer.accountId,
        subject: input.subject,
        body,
        message_id: messageId,
        created_at: ctx.now,
      });
      announce(tx, { networkId: ctx.network.id, kind: 'Broadcast', id, op: 'created', authorId: ctx.viewer.accountId });
      await recordAudit(tx, ctx, { action: 'send', type: 'BroadcastMessage', id, title: input.subject });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('duplicate', 'This messageId was sent less than five minutes ago.');
    throw error;
  }
}

// Approving or rejecting a selection of the queue in one request. Each item goes through its
// own type's use-case (the same as PUT <type>?approved=true and DELETE <type>), in its own
// transaction with its own audit record, so one item that fails does not hold back the others;
// the reply says what became of each.
import type { Actor, SignedInActor } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { changePost, removePost } from '../blog-posts/service';
import { changeComment, removeComment } from '../comments/service';
import { changeTopic, removeTopic } from '../forum/service';
import { changePhoto, removePhoto } from '../photos/service';
import { changeMember, removeMember } from '../users/service';
import { changeVideo, removeVideo } from '../videos/service';
import { moderatableTypes } from './registry';

export type Decision = 'approve' | 'reject';

const useCases: Record<string, { approve(ctx: SignedInActor, id: number): Promise<void>; reject(ctx: SignedInActor, id: number): Promise<void> }> = {
  BlogPost: { approve: (ctx, id) => changePost(ctx, id, { approved: true }), reject: removePost },
  Comment: { approve: (ctx, id) => changeComment(ctx, id, { approved: true }), reject: removeComment },
  Photo: { approve: (ctx, id) => changePhoto(ctx, id, { approved: true }), reject: removePhoto },
  Topic: { approve: (ctx, id) => changeTopic(ctx, id, { approved: true }), reject: removeTopic },
  Video: { approve: (ctx, id) => changeVideo(ctx, id, { approved: true }), reject: removeVideo },
  User: { approve: (ctx, id) => changeMember(ctx, id, { approved: true }), reject: removeMember },
};

/** Whether the item awaits approval; undefined when the network has no such item. */
async function awaitsApproval(ctx: Actor, type: string, id: number): Promise<boolean | undefined> {
  if (type === 'User') {
    const member = await ctx.db.selectFrom('members').select('state').where('id', '=', id).where('network_id', '=', ctx.network.id).executeTakeFirst();
    return member && member.state === 'pending';
  }
  const t = moderatableTypes[type]!;
  const row = await (ctx.db as any)
    .selectFrom(t.table)
    .select(t.publishable ? ['approved', 'publish_status'] : ['approved'])
    .where('id', '=', id)
    .where('network_id', '=', ctx.network.id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (t.publishable && row.publish_status !== 'publish') return undefined;
  return Number(row.approved) === 0;
}

export interface DecisionResult {
  id: string;
  success: boolean;
  status: number;
  code?: number;
  subcode?: number;
  reason?: string;
}

export async function decide(ctx: SignedInActor, decision: Decision, items: { id: string; networkId: number; type: string; itemId: number }[]) {
  const results: DecisionResult[] = [];
  for (const item of items) {
    try {
      const waiting = item.networkId === ctx.network.id ? await awaitsApproval(ctx, item.type, item.itemId) : undefined;
      if (waiting === undefined) throw new ApiError('noSuchItem');
      if (!waiting) throw new ApiError('stateConflict', 'This item no longer awaits approval.');
      await useCases[item.type]![decision](ctx, item.itemId);
      results.push({ id: item.id, success: true, status: 200 });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ id: item.id, success: false, status: error.status, code: error.code, subcode: error.subcode, reason: error.message });
    }
  }
  return results;
}

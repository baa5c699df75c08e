// Writing activity events. Every action that the feed shows calls `recordActivity` inside
// the same transaction as the action itself, so the feed never shows what did not happen
// and never misses what did.
import crypto from 'node:crypto';
import type { Tx } from '../../db/database';

export interface ActivityEvent {
  networkId: number;
  authorId: number;
  /** CreateBlogPost, CreateBlogPostComment, JoinNetwork, StatusUpdate, AddFriend, FeatureBlogPost, ... */
  type: string;
  content?: { type: string; id: number };
  attachedTo?: { type: string; id: number; authorId: number };
  title?: string | null;
  description?: string | null;
  now: number;
}

export async function recordActivity(tx: Tx, event: ActivityEvent): Promise<void> {
  await tx
    .insertInto('activities')
    .values({
      uuid: crypto.randomUUID(),
      network_id: event.networkId,
      author_id: event.authorId,
      type: event.type,
      content_type: event.content?.type ?? null,
      content_id: event.content?.id ?? null,
      attached_to_type: event.attachedTo?.type ?? null,
      attached_to_id: event.attachedTo?.id ?? null,
      attached_to_author_id: event.attachedTo?.authorId ?? null,
      title: event.title ?? null,
      description: event.description ?? null,
      created_at: event.now,
    })
    .execute();
}

/** Removes the events about an item that is being deleted. */
export async function forgetActivityAbout(tx: Tx, type: string, id: number): Promise<void> {
  await tx.deleteFrom('activities').where('content_type', '=', type).where('content_id', '=', id).execute();
  await tx.deleteFrom('activities').where('attached_to_type', '=', type).where('attached_to_id', '=', id).execute();
}

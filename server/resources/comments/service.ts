// Comment use-cases: commenting on an item the caller can see, and removal by the comment's
// author, the item's author or an administrator.
import type { Actor } from '../../http/endpoint';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin } from '../../lib/viewer';
import { findVisibleItem } from '../commentable';
import { deleteComment, findCommentRow, insertComment } from './store';
import { forgetActivityAbout, recordActivity } from '../activity/store';

export async function itemForComments(ctx: Actor, ref: { networkId: number; type: string; id: number }) {
  const item = ref.networkId === ctx.network.id ? await findVisibleItem(ctx.db, ctx, ref.type, ref.id) : undefined;
  if (!item) throw notFound('No such item to comment on.');
  return item;
}

export async function addComment(ctx: Actor, input: { attachedTo: { networkId: number; type: string; id: number }; description: string }) {
  const item = await itemForComments(ctx, input.attachedTo);
  const description = sanitizeDescription(input.description).trim();
  if (!description) throw badRequest(2, "A comment needs a 'description'.");
  const viewer = ctx.viewer.accountId!;
  const moderated = ctx.network.comment_moderation && !isAdmin(ctx.viewer) && item.author_id !== viewer;
  return ctx.db.transaction().execute(async (tx) => {
    const id = await insertComment(tx, {
      network_id: ctx.network.id,
      author_id: viewer,
      attached_to_type: input.attachedTo.type,
      attached_to_id: item.id,
      attached_to_author_id: item.author_id,
      description,
      approved: moderated ? 0 : 1,
      featured_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: viewer,
      type: `Create${input.attachedTo.type}Comment`,
      content: { type: 'Comment', id },
      attachedTo: { type: input.attachedTo.type, id: item.id, authorId: item.author_id },
      description,
      now: ctx.now,
    });
    return id;
  });
}

export async function removeComment(ctx: Actor, id: number) {
  const comment = await findCommentRow(ctx.db, ctx.network.id, id);
  if (!comment) throw notFound();
  const viewer = ctx.viewer.accountId;
  const allowed = comment.author_id === viewer || comment.attached_to_author_id === viewer || isAdmin(ctx.viewer);
  if (!allowed) {
    const item = await findVisibleItem(ctx.db, ctx, comment.attached_to_type, comment.attached_to_id);
    throw item ? forbidden('Only the comment author, the item author or an administrator may delete this comment.') : notFound();
  }
  await ctx.db.transaction().execute(async (tx) => {
    await forgetActivityAbout(tx, 'Comment', id);
    await deleteComment(tx, id);
  });
}

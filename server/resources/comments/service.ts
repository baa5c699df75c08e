// Comment use-cases: commenting on an item the caller can see, editing by the comment's
// author, approval by administrators, and removal by the comment's author, the item's author
// or an administrator.
import type { Actor, SignedInActor } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { plainExcerpt, sanitizeDescription } from '../../lib/sanitize';
import { recordAudit } from '../audit/store';
import { isAdmin } from '../../lib/viewer';
import { findVisibleItem } from '../commentable';
import { deleteComment, findCommentRow, insertComment, isVisibleComment, listComments, updateComment } from './store';
import type { KeptRows } from '../../lib/kept-rows';
import type { Position } from '../../db/paging';
import { forgetActivityAbout, recordActivity } from '../activity/store';
import { hasBlocked } from '../friends/store';
import { lockContent } from '../content/store';
import { announce, committed, type Change } from '../../lib/changes';
import { contentType, type ContentTypeName } from '../content/types';

/**
 * A page of the comments of an item the caller may see. A page with comments is read in one
 * statement, which also finds the item (store.ts: listComments); only a page without any looks
 * the item up, to tell an item with none from one the caller may not see. The item's error
 * still comes before the anchor's.
 */
export async function commentsOfItem(
  ctx: Actor & { kept: KeptRows },
  p: { attachedTo: { networkId: number; type: string; id: number }; approved?: boolean; count: number; anchor?: string },
) {
  const { attachedTo: ref } = p;
  const type = typeOfItem(ctx, ref);
  let position: Position;
  try {
    position = ctx.anchors.decode(p.anchor);
  } catch (error) {
    await itemForComments(ctx, ref);
    throw error;
  }
  const page = await listComments(ctx.db, ctx, { type, id: ref.id }, p, p.count, position, ctx.kept);
  if (page.rows.length === 0) await itemForComments(ctx, ref);
  return page;
}

export async function itemForComments(ctx: Actor, ref: { networkId: number; type: string; id: number }) {
  const item = await findVisibleItem(ctx.db, ctx, typeOfItem(ctx, ref), ref.id);
  if (!item) throw noSuchItem();
  return item;
}

/** The content type of the item `ref` names, when it could be one of this network's: else there is no such item, found without a query. */
function typeOfItem(ctx: Actor, ref: { networkId: number; type: string }): ContentTypeName {
  if (ref.networkId !== ctx.network.id || !contentType(ref.type)) throw noSuchItem();
  return ref.type as ContentTypeName;
}

const noSuchItem = () => new ApiError('noSuchItem', 'No such item to comment on.');

export async function addComment(ctx: SignedInActor, input: { attachedTo: { networkId: number; type: string; id: number }; description: string }) {
  const item = await itemForComments(ctx, input.attachedTo);
  const description = sanitizeDescription(input.description).trim();
  if (!description) throw new ApiError('missingParameter', "A comment needs a 'description'.");
  if (Number(item.closed) === 1) throw new ApiError('stateConflict', 'This item is closed to new comments.');
  const viewer = ctx.viewer.accountId;
  if (await hasBlocked(ctx.db, ctx.network.id, item.author_id, viewer)) throw new ApiError('blocked', 'The author of this item has blocked you.');
  const moderated = ctx.network.comment_moderation && !isAdmin(ctx.viewer) && item.author_id !== viewer;
  return committed(ctx, async (tx) => {
    // Held until the comment is in, so a deletion of the item either comes first (and this is 404) or removes the comment too.
    if (!(await lockContent(tx, ctx.dialect, input.attachedTo.type as ContentTypeName, item.id, 'share'))) throw noSuchItem();
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
    announce(tx, {
      networkId: ctx.network.id,
      kind: 'Comment',
      id,
      op: 'created',
      authorId: viewer,
      on: { kind: input.attachedTo.type, id: item.id, authorId: item.author_id },
    });
    return id;
  });
}

export async function removeComment(ctx: SignedInActor, id: number) {
  const comment = await findCommentRow(ctx.db, ctx.network.id, id);
  if (!comment) throw new ApiError('noSuchItem');
  const viewer = ctx.viewer.accountId;
  const allowed = comment.author_id === viewer || comment.attached_to_author_id === viewer || isAdmin(ctx.viewer);
  if (!allowed) throw await refusal(ctx, comment, 'Only the comment author, the item author or an administrator may delete this comment.');
  await committed(ctx, async (tx) => {
    // An administrator removing a comment neither theirs nor on their own item acts as one.
    if (isAdmin(ctx.viewer) && comment.author_id !== viewer && comment.attached_to_author_id !== viewer) {
      await recordAudit(tx, ctx, { action: comment.approved ? 'delete' : 'reject', type: 'Comment', id, title: plainExcerpt(comment.description) });
    }
    await forgetActivityAbout(tx, 'Comment', id);
    // Deleted by a request that came first: nothing to undo, and nothing this one deleted.
    if (!(await deleteComment(tx, id))) throw new ApiError('noSuchItem');
    announce(tx, commentChange(ctx, comment, 'deleted'));
  });
}

/**
 * Its author edits a comment's text; administrators approve it. With comment moderation on,
 * an edit goes back to awaiting approval, as a new comment would.
 */
export async function changeComment(ctx: SignedInActor, id: number, input: { description?: string; approved?: boolean }) {
  const comment = await findCommentRow(ctx.db, ctx.network.id, id);
  if (!comment) throw new ApiError('noSuchItem');
  const viewer = ctx.viewer.accountId;
  // Nobody else may touch it, not even with nothing to change.
  if (comment.author_id !== viewer && !isAdmin(ctx.viewer)) throw await refusal(ctx, comment, 'Only its author may edit a comment.');
  if (input.description !== undefined && comment.author_id !== viewer) throw await refusal(ctx, comment, 'Only its author may edit a comment.');
  const description = input.description === undefined ? undefined : sanitizeDescription(input.description).trim();
  if (description === '') throw new ApiError('missingParameter', "A comment needs a 'description'.");
  const moderated = description !== undefined && ctx.network.comment_moderation && !isAdmin(ctx.viewer) && comment.attached_to_author_id !== viewer;
  const approved = input.approved ?? (moderated ? false : undefined);
  await committed(ctx, async (tx) => {
    await updateComment(tx, id, {
      ...(description !== undefined && { description }),
      ...(approved !== undefined && { approved: approved ? 1 : 0 }),
      updated_at: ctx.now,
    });
    if (input.approved !== undefined && (input.approved ? 1 : 0) !== comment.approved) {
      await recordAudit(tx, ctx, { action: input.approved ? 'approve' : 'unapprove', type: 'Comment', id, title: plainExcerpt(description ?? comment.description) });
    }
    announce(tx, commentChange(ctx, comment, 'updated'));
  });
}

function commentChange(
  ctx: Actor,
  comment: { id: number; author_id: number; attached_to_type: string; attached_to_id: number; attached_to_author_id: number },
  op: 'updated' | 'deleted',
): Change {
  return {
    networkId: ctx.network.id,
    kind: 'Comment',
    id: comment.id,
    op,
    authorId: comment.author_id,
    on: { kind: comment.attached_to_type, id: comment.attached_to_id, authorId: comment.attached_to_author_id },
  };
}

/** 403 for a comment the caller can read, 404 for one they cannot (unapproved, or on an item hidden from them). */
async function refusal(ctx: Actor, comment: { id: number }, reason: string) {
  return (await isVisibleComment(ctx.db, ctx, comment.id)) ? new ApiError('notAllowed', reason) : new ApiError('noSuchItem');
}

// The rules every content type shares: who may filter by `private`, how far back counts look,
// writing a new item with its tags and its Create<Type> event, who may change an item, and
// the columns every update writes alike.
import type { Tx } from '../../db/database';
import { contentTables, type ContentTypeName } from './types';
import { deleteContent, lockContent } from './store';
import type { Visibility } from '../../db/schema';
import type { Actor } from '../../http/endpoint';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin, isOwner } from '../../lib/viewer';
import { replaceTags } from '../tags/store';
import { recordActivity } from '../activity/store';
import { announce, committed } from '../../lib/changes';
import { reindexContent } from '../search/indexing';
import { recordAudit } from '../audit/store';

export function checkPrivateFilter(ctx: Actor, privateFilter: boolean | undefined) {
  if (privateFilter !== undefined && !isOwner(ctx.viewer)) throw forbidden("Only the Network Creator may use 'private'.", 2);
}

const WEEK_MS = 7 * 86_400_000;

/** Counts of content look back at most one week (`createdAfter` older than that is 4-5). */
export function checkCreatedAfter(ctx: Actor, createdAfter: number) {
  if (createdAfter < ctx.now - WEEK_MS) throw badRequest(5, "'createdAfter' may be at most one week in the past.");
}

/** Writes a new item of `type` (`insert` returns its id), its tags and its Create<Type> event in one transaction. */
export function createContent(
  ctx: Actor,
  item: { type: ContentTypeName; title: string; tags: string[]; visibility: Visibility },
  insert: (tx: Tx) => Promise<number>,
): Promise<number> {
  return committed(ctx, async (tx) => {
    const id = await insert(tx);
    await reindexContent(tx, item.type, id);
    announce(tx, { networkId: ctx.network.id, kind: item.type, id, op: 'created', authorId: ctx.viewer.accountId!, visibility: item.visibility });
    await replaceTags(tx, ctx.network.id, item.type, id, item.tags);
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: ctx.viewer.accountId!,
      type: `Create${item.type}`,
      content: { type: item.type, id },
      title: item.title,
      now: ctx.now,
    });
    return id;
  });
}

/** What the audit log needs of an item: its author, approval and title. */
function auditedRow(tx: Tx, type: ContentTypeName, id: number) {
  return tx.selectFrom(contentTables[type] as 'blog_posts').select(['author_id', 'approved', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Writes to an existing item in one transaction that holds it locked; 404 when it was deleted
 * meanwhile. What an administrator does to it is in the audit log: approving or withdrawing
 * approval, and changing someone else's item.
 */
export function changeContent(ctx: Actor, type: ContentTypeName, id: number, write: (tx: Tx) => Promise<void>): Promise<void> {
  return committed(ctx, async (tx) => {
    if (!(await lockContent(tx, ctx.dialect, type, id, 'update'))) throw notFound();
    const before = isAdmin(ctx.viewer) ? await auditedRow(tx, type, id) : undefined;
    await write(tx);
    await reindexContent(tx, type, id);
    announce(tx, { networkId: ctx.network.id, kind: type, id, op: 'updated' });
    if (!before) return;
    const after = await auditedRow(tx, type, id);
    const action = after.approved !== before.approved ? (after.approved ? 'approve' : 'unapprove') : before.author_id !== ctx.viewer.accountId ? 'update' : null;
    if (action) await recordAudit(tx, ctx, { action, type, id, title: after.title || null });
  });
}

/**
 * Deletes an item with its comments, tags and activity (and what `before` removes first); 404
 * when another request deleted it first. An administrator deleting someone else's item is in
 * the audit log: as rejecting it when it awaited approval.
 */
export function removeContent(ctx: Actor, type: ContentTypeName, id: number, before?: (tx: Tx) => Promise<void>): Promise<void> {
  return committed(ctx, async (tx) => {
    if (!(await lockContent(tx, ctx.dialect, type, id, 'update'))) throw notFound();
    const row = await auditedRow(tx, type, id);
    if (isAdmin(ctx.viewer) && row.author_id !== ctx.viewer.accountId) {
      await recordAudit(tx, ctx, { action: row.approved ? 'delete' : 'reject', type, id, title: row.title || null });
    }
    await before?.(tx);
    await deleteContent(tx, type, id);
    announce(tx, { networkId: ctx.network.id, kind: type, id, op: 'deleted' });
  });
}

/**
 * The stored row, if the caller may change it: its author or an administrator. Anyone else
 * is refused (403) when they can see the item, and told it does not exist (404) when not.
 */
export async function itemToChange<Row extends { author_id: number }>(
  ctx: Actor,
  row: Row | undefined,
  isVisible: () => Promise<boolean>,
  what: string,
): Promise<Row> {
  if (!row) throw notFound();
  if (row.author_id === ctx.viewer.accountId || isAdmin(ctx.viewer)) return row;
  throw (await isVisible()) ? forbidden(`Only the author or an administrator may change this ${what}.`) : notFound();
}

/**
 * What an update writes alike on every content type: description, visibility, `approved` and
 * the time. (Only administrators get here with `approved`: the endpoints' rows restrict it.)
 */
export function contentPatch(ctx: Actor, input: { description?: string; visibility?: Visibility; approved?: boolean }) {
  const { approved } = input;
  return {
    ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(approved !== undefined && { approved: approved ? (1 as const) : (0 as const) }),
    updated_at: ctx.now,
  };
}

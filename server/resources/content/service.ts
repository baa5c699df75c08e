// The rules every content type shares: who may filter by `private`, how far back counts look,
// writing a new item with its tags and its Create<Type> event, who may change or remove an
// item and how, and the columns every update writes alike.
import type { Db, Tx } from '../../db/database';
import { contentTables, type ContentTypeName } from './types';
import { deleteContent, lockContent } from './store';
import type { Visibility } from '../../db/schema';
import type { Actor, SignedInActor } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin, isOwner } from '../../lib/viewer';
import { normaliseTags, replaceTags } from '../tags/store';
import type { ScopeContext } from '../../lib/scope';
import { recordActivity } from '../activity/store';
import { announce, committed } from '../../lib/changes';
import { reindexContent } from '../search/indexing';
import { recordAudit } from '../audit/store';

export function checkPrivateFilter(ctx: Actor, privateFilter: boolean | undefined) {
  if (privateFilter !== undefined && !isOwner(ctx.viewer)) throw new ApiError('privateFilter', "Only the Network Creator may use 'private'.");
}

const WEEK_MS = 7 * 86_400_000;

/** Counts of content look back at most one week (`createdAfter` older than that is 4-5). */
export function checkCreatedAfter(ctx: Actor, createdAfter: number) {
  if (createdAfter < ctx.now - WEEK_MS) throw new ApiError('tooOld', "'createdAfter' may be at most one week in the past.");
}

/**
 * Writes a new item of `type` (`insert` writes it, created at `ctx.now`, and returns its id),
 * its tags and its Create<Type> event in one transaction.
 */
export function createContent(
  ctx: SignedInActor,
  item: { type: ContentTypeName; title: string; tags: string[]; visibility: Visibility },
  insert: (tx: Tx) => Promise<number>,
): Promise<number> {
  return committed(ctx, async (tx) => {
    const id = await insert(tx);
    await reindexContent(tx, item.type, id);
    announce(tx, { networkId: ctx.network.id, kind: item.type, id, op: 'created', authorId: ctx.viewer.accountId, visibility: item.visibility });
    await replaceTags(tx, ctx.network.id, item.type, id, item.tags, ctx.now);
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: ctx.viewer.accountId,
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

/** How a content type's stored items are found, changed and removed. */
export interface EditableContent<Row extends { author_id: number; created_at: number }, Patch> {
  type: ContentTypeName;
  /** The item as a sentence names it: "this post". */
  what: string;
  /** The stored row, without the visibility scope. */
  find: (db: Db, networkId: number, id: number) => Promise<Row | undefined>;
  /** The type's reads, to tell an item the caller may see (403) from one they may not (404). */
  store: { get(db: Db, scope: ScopeContext, ids: number[]): Promise<unknown[]> };
  update: (tx: Tx, id: number, patch: Patch) => Promise<void>;
  /** Whether an administrator may change or remove this item; by default any. */
  adminMay?: (row: Row) => boolean;
  /** What removal deletes first, besides the comments, tags and activity every item has. */
  beforeRemove?: (tx: Tx, id: number) => Promise<void>;
}

/**
 * The change and remove use-cases of a content type. Only the author or an administrator may
 * do either; anyone else is refused (403) when they can see the item, and told it does not
 * exist (404) when not. Each runs in one transaction that holds the item locked, 404 when it
 * was deleted meanwhile. What an administrator does to someone else's item is in the audit
 * log: approving or withdrawing approval, changing it, and deleting it (as rejecting it when
 * it awaited approval).
 */
export function editableContent<Row extends { author_id: number; created_at: number }, Patch>(spec: EditableContent<Row, Patch>) {
  const { type } = spec;

  async function toChange(ctx: Actor, id: number): Promise<Row> {
    const row = await spec.find(ctx.db, ctx.network.id, id);
    if (!row) throw new ApiError('noSuchItem');
    if (row.author_id === ctx.viewer.accountId) return row;
    if (isAdmin(ctx.viewer) && (spec.adminMay?.(row) ?? true)) return row;
    const visible = (await spec.store.get(ctx.db, ctx, [id])).length > 0;
    throw visible ? new ApiError('notAllowed', `Only the author or an administrator may change ${spec.what}.`) : new ApiError('noSuchItem');
  }

  return {
    /** Writes the patch `patchOf` makes of the stored row and, when `tag` is given, the tags. */
    async change(ctx: SignedInActor, id: number, tag: string[] | undefined, patchOf: (row: Row) => Patch | Promise<Patch>): Promise<void> {
      const row = await toChange(ctx, id);
      const patch = await patchOf(row);
      const tags = tag === undefined ? undefined : normaliseTags(tag);
      await committed(ctx, async (tx) => {
        if (!(await lockContent(tx, ctx.dialect, type, id, 'update'))) throw new ApiError('noSuchItem');
        const before = isAdmin(ctx.viewer) ? await auditedRow(tx, type, id) : undefined;
        await spec.update(tx, id, patch);
        if (tags) await replaceTags(tx, ctx.network.id, type, id, tags, row.created_at);
        await reindexContent(tx, type, id);
        announce(tx, { networkId: ctx.network.id, kind: type, id, op: 'updated' });
        if (!before) return;
        const after = await auditedRow(tx, type, id);
        const action =
          after.approved !== before.approved ? (after.approved ? 'approve' : 'unapprove') : before.author_id !== ctx.viewer.accountId ? 'update' : null;
        if (action) await recordAudit(tx, ctx, { action, type, id, title: after.title || null });
      });
    },

    /** Deletes the item with its comments, tags and activity. */
    async remove(ctx: SignedInActor, id: number): Promise<void> {
      await toChange(ctx, id);
      await committed(ctx, async (tx) => {
        if (!(await lockContent(tx, ctx.dialect, type, id, 'update'))) throw new ApiError('noSuchItem');
        const row = await auditedRow(tx, type, id);
        if (isAdmin(ctx.viewer) && row.author_id !== ctx.viewer.accountId) {
          await recordAudit(tx, ctx, { action: row.approved ? 'delete' : 'reject', type, id, title: row.title || null });
        }
        await spec.beforeRemove?.(tx, id);
        await deleteContent(tx, type, id);
        announce(tx, { networkId: ctx.network.id, kind: type, id, op: 'deleted' });
      });
    },
  };
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

// Comment rows. A comment is visible when the item it is attached to is visible and it is
// approved, or the caller wrote it, owns the item, or moderates the network.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Position } from '../../db/paging';
import { preparedPage } from '../../db/prepared-page';
import { oneOfIds, preparedQuery } from '../../db/prepared';
import type { KeptRows } from '../../lib/kept-rows';
import { isAdmin } from '../../lib/viewer';
import { scopeOf, scopeShape, scopeValues, type ScopeContext, type ScopeShape, type ScopeValues } from '../../lib/scope';
import { isVisibleItem, onVisibleItem } from '../commentable';
import type { ContentTypeName } from '../content/types';
import type { CommentItem } from './schema';

function selectComments(db: Db | Tx) {
  return db
    .selectFrom('comments as c')
    .innerJoin('accounts as a', 'a.id', 'c.author_id')
    .innerJoin('accounts as o', 'o.id', 'c.attached_to_author_id')
    .select([
      'c.id', 'c.attached_to_type', 'c.attached_to_id', 'c.description', 'c.approved', 'c.featured_at',
      'c.created_at', 'c.updated_at', 'c.author_id', 'c.attached_to_author_id',
      'a.screen_name', 'a.full_name', 'a.icon_url',
      'o.screen_name as owner_screen_name', 'o.full_name as owner_full_name', 'o.icon_url as owner_icon_url',
    ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

/** `comments` (aliased `c`) narrowed to those of the network the caller may read. */
function readable<Q extends SelectQueryBuilder<any, any, any>>(comments: Q, scope: ScopeContext): Q {
  return comments.where('c.network_id', '=', scope.network.id).where((eb) => readableComment(eb, 'c', scope)) as Q;
}

function scoped(db: Db, scope: ScopeContext) {
  return readable(selectComments(db), scope);
}

/** Comments (aliased `alias`) the caller may read on an item it can see: approved ones, or its own, or on its item, or any for moderators. */
export function readableComment(eb: ExpressionBuilder<any, any>, alias: string, scope: ScopeContext): Expression<SqlBool> {
  if (isAdmin(scope.viewer)) return sql<SqlBool>`1 = 1`;
  const viewer = scope.viewer.accountId;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return eb.or([
    sql<SqlBool>`${col('approved')} = 1`,
    ...(viewer === null ? [] : [sql<SqlBool>`${col('author_id')} = ${viewer}`, sql<SqlBool>`${col('attached_to_author_id')} = ${viewer}`]),
  ]);
}

const toItem = (r: CommentRow): CommentItem => ({
  ...r,
  author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
  owner: { screenName: r.owner_screen_name, fullName: r.owner_full_name, iconUrl: r.owner_icon_url },
});

/** What decides the SQL of a page of an item's comments (see db/prepared.ts). */
interface ItemCommentsShape {
  scope: ScopeShape;
  approved: boolean | null;
  itemType: ContentTypeName;
}

interface ItemCommentsValues extends ScopeValues {
  itemId: number;
}

/**
 * `comments` (aliased `c`) narrowed to those of the item that the caller may read, when the
 * caller may see the item: a page with comments shows that it exists, in the same statement.
 */
function ofItem<Q extends SelectQueryBuilder<any, any, any>>(comments: Q, s: ItemCommentsShape, v: ItemCommentsValues): Q {
  const scope = scopeOf(s.scope, v);
  const q = readable(comments, scope)
    .where('c.attached_to_type', '=', s.itemType)
    .where('c.attached_to_id', '=', v.itemId)
    .where((eb) => isVisibleItem(eb, s.itemType, v.itemId, scope));
  return (s.approved === null ? q : q.where('c.approved', '=', s.approved ? 1 : 0)) as Q;
}

// Compiled once per shape: building this query per request cost more than SQLite takes to run it.
// A page's window's ids and times, from the comments alone; then the comments not kept
// (lib/kept-rows.ts) by id.
const itemCommentKeys = preparedPage({ sortColumn: 'c.created_at', idColumn: 'c.id', order: 'desc' }, (db: Db, s: ItemCommentsShape, v: ItemCommentsValues) =>
  ofItem(db.selectFrom('comments as c').select(['c.id', 'c.created_at']), s, v),
);
const commentsQuery = preparedQuery(
  (db: Db, s: { ids: number }, v: { ids: number[] }) => selectComments(db).where(oneOfIds(db, 'c.id', v.ids, s.ids)),
  { anyValues: true },
);

/**
 * Comments of one item, taken from those kept when they are (shared with other reads, to
 * present, not change). Only of an item the caller may see: a page with none tells nothing
 * about the item, one with comments that the caller may see it.
 */
export async function listComments(
  db: Db,
  scope: ScopeContext,
  item: { type: ContentTypeName; id: number },
  filters: { approved?: boolean },
  count: number,
  position: Position,
  kept: KeptRows,
) {
  const shape = { scope: scopeShape(scope), approved: filters.approved ?? null, itemType: item.type };
  const values = { ...scopeValues(scope), itemId: item.id };
  const keys = await itemCommentKeys(db, shape, values, count, position);
  return kept.page(scope.network.id, 'Comment', scope.now, keys, async (ids) => (await commentsQuery(db, { ids: ids.length }, { ids })).map(toItem));
}

const featuredPage = preparedPage(
  { sortColumn: 'c.featured_at', idColumn: 'c.id', order: 'desc' },
  (db: Db, s: ScopeShape, v: ScopeValues) => {
    const scope = scopeOf(s, v);
    return scoped(db, scope)
      .where('c.featured_at', 'is not', null)
      .where((eb) => onVisibleItem(eb, 'c', scope));
  },
);

export async function listFeaturedComments(db: Db, scope: ScopeContext, count: number, position: Position) {
  const page = await featuredPage(db, scopeShape(scope), scopeValues(scope), count, position);
  return { ...page, rows: page.rows.map(toItem) };
}

/** Whether the caller may read the comment: it is readable to them and on an item they can see. */
export async function isVisibleComment(db: Db, scope: ScopeContext, id: number): Promise<boolean> {
  const row = await scoped(db, scope)
    .where('c.id', '=', id)
    .where((eb) => onVisibleItem(eb, 'c', scope))
    .select(sql<number>`1`.as('found'))
    .executeTakeFirst();
  return row !== undefined;
}

export function findCommentRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('comments').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertComment(tx: Tx, values: Omit<Database['comments'], 'id'>): Promise<number> {
  const row = await tx.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateComment(tx: Tx, id: number, patch: Partial<Omit<Database['comments'], 'id'>>) {
  await tx.updateTable('comments').set(patch).where('id', '=', id).execute();
}

/** Deletes a comment; false when it was no longer there. */
export async function deleteComment(tx: Tx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteCommentsOf(tx: Tx, itemType: string, itemId: number) {
  await tx
    .deleteFrom('activities')
    .where('content_type', '=', 'Comment')
    .where('attached_to_type', '=', itemType)
    .where('attached_to_id', '=', itemId)
    .execute();
  await tx.deleteFrom('comments').where('attached_to_type', '=', itemType).where('attached_to_id', '=', itemId).execute();
}

/** Approved comments per item, in one query for a whole page of items. */
export async function commentCounts(db: Db, itemType: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['attached_to_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attached_to_type', '=', itemType)
    .where('attached_to_id', 'in', ids)
    .where('approved', '=', 1)
    .groupBy('attached_to_id')
    .execute();
  return new Map(rows.map((r) => [r.attached_to_id, Number(r.n)]));
}

/** How many approved comments the item (aliased `alias`) has. */
export function commentCountColumn(alias: string, itemType: string): RawBuilder<number> {
  // Unaliased, so that no alias of the outer query hides it.
  return sql<number>`(select count(*) from comments
    where comments.attached_to_type = ${itemType} and comments.attached_to_id = ${sql.ref(`${alias}.id`)} and comments.approved = 1)`;
}

/** The comment, if the caller may read it on an item they can see. */
export async function findVisibleComment(db: Db, scope: ScopeContext, id: number): Promise<CommentItem | undefined> {
  const row = await scoped(db, scope)
    .where('c.id', '=', id)
    .where((eb) => onVisibleItem(eb, 'c', scope))
    .executeTakeFirst();
  return row && toItem(row);
}

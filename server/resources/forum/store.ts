// Forum rows: categories and their topics. Topics are read through the visibility scope, and
// a category's topicCount counts only the topics the caller may see. A page costs a fixed
// number of queries: the window, the other-direction check, then one batch per extra.
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { keysetPage, type Position } from '../../http/anchor';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { deleteTags, tagsOf } from '../tags/store';
import { commentCounts, deleteCommentsOf } from '../comments/store';
import { forgetActivityAbout } from '../activity/store';
import { contentFilters, inOrder, type ContentFilters } from '../content';
import type { CategoryItem, TopicItem } from './schema';

export type ForumOrder = 'created' | 'alpha' | 'featured';

const orders = {
  created: { column: 'created_at', order: 'desc' },
  alpha: { column: 'title_key', order: 'asc' },
  featured: { column: 'featured_at', order: 'desc' },
} as const;

/** The sort key `alpha` listings use, stored beside the title. */
export const titleKey = (title: string) => title.toLowerCase();

/** One window of `query` (items aliased `alias`) in the given order. */
function pageOf<Row extends { id: number; created_at: number; title_key: string; featured_at?: number | null }>(
  query: SelectQueryBuilder<any, any, Row>,
  alias: string,
  order: ForumOrder,
  count: number,
  position: Position,
) {
  const { column, order: direction } = orders[order];
  return keysetPage(query, {
    sortColumn: `${alias}.${column}`,
    idColumn: `${alias}.id`,
    order: direction,
    keyOf: (r) => ({ key: r[column]!, id: r.id }),
    count,
    position,
  });
}

function selectCategories(db: Db) {
  return db
    .selectFrom('forum_categories as c')
    .innerJoin('accounts as a', 'a.id', 'c.author_id')
    .select(['c.id', 'c.title', 'c.title_key', 'c.description', 'c.created_at', 'c.updated_at', 'a.screen_name', 'a.full_name', 'a.icon_url']);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['execute']>>[number];

async function hydrateCategories(db: Db, scope: ScopeContext, rows: CategoryRow[]): Promise<CategoryItem[]> {
  const ids = rows.map((r) => r.id);
  const counts = new Map<number, number>();
  if (ids.length > 0) {
    const found = await db
      .selectFrom('forum_topics as t')
      .select(['t.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.category_id', 'in', ids)
      .where((eb) => visibleItem(eb, { alias: 't' }, scope))
      .groupBy('t.category_id')
      .execute();
    for (const r of found) counts.set(r.category_id!, Number(r.n));
  }
  return rows.map((r) => ({
    ...r,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    topicCount: counts.get(r.id) ?? 0,
  }));
}

export async function getCategories(db: Db, scope: ScopeContext, ids: number[]): Promise<CategoryItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectCategories(db).where('c.network_id', '=', scope.network.id).where('c.id', 'in', ids).execute();
  return hydrateCategories(db, scope, inOrder(ids, rows));
}

export async function listCategories(db: Db, scope: ScopeContext, order: 'created' | 'alpha', count: number, position: Position) {
  const query = selectCategories(db).where('c.network_id', '=', scope.network.id);
  const page = await pageOf(query, 'c', order, count, position);
  return { ...page, rows: await hydrateCategories(db, scope, page.rows) };
}

export function findCategoryRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('forum_categories').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Db, values: Omit<Database['forum_categories'], 'id'>): Promise<number> {
  const row = await db.insertInto('forum_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Db, id: number, patch: Partial<Omit<Database['forum_categories'], 'id'>>) {
  await db.updateTable('forum_categories').set(patch).where('id', '=', id).execute();
}

/** Removes a category; its topics stay, without a category (the foreign key sets it null). */
export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('forum_categories').where('id', '=', id).execute();
}

export interface TopicFilters extends ContentFilters {
  categoryId?: number;
}

function selectTopics(db: Db) {
  return db
    .selectFrom('forum_topics as t')
    .innerJoin('accounts as a', 'a.id', 't.author_id')
    .leftJoin('forum_categories as c', 'c.id', 't.category_id')
    .select([
      't.id', 't.network_id', 't.author_id', 't.category_id', 't.title', 't.title_key', 't.description', 't.visibility',
      't.approved', 't.is_closed', 't.featured_at', 't.created_at', 't.updated_at',
      'c.title as category_title', 'a.screen_name', 'a.full_name', 'a.icon_url',
    ]);
}

type TopicRow = Awaited<ReturnType<ReturnType<typeof selectTopics>['execute']>>[number];

function scopedTopics(db: Db, scope: ScopeContext, filters: TopicFilters = {}) {
  let q = selectTopics(db)
    .where('t.network_id', '=', scope.network.id)
    .where((eb) => visibleItem(eb, { alias: 't' }, scope));
  for (const condition of contentFilters('t', 'Topic', scope.network.id, filters)) q = q.where(condition);
  if (filters.categoryId !== undefined) q = q.where('t.category_id', '=', filters.categoryId);
  return q;
}

async function hydrateTopics(db: Db, rows: TopicRow[]): Promise<TopicItem[]> {
  const ids = rows.map((r) => r.id);
  const [tags, counts] = await Promise.all([tagsOf(db, 'Topic', ids), commentCounts(db, 'Topic', ids)]);
  return rows.map((r) => ({
    ...r,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    tags: tags.get(r.id) ?? [],
    commentCount: counts.get(r.id) ?? 0,
  }));
}

export async function getTopics(db: Db, scope: ScopeContext, ids: number[]): Promise<TopicItem[]> {
  if (ids.length === 0) return [];
  const rows = await scopedTopics(db, scope).where('t.id', 'in', ids).execute();
  return hydrateTopics(db, inOrder(ids, rows));
}

export async function listTopics(db: Db, scope: ScopeContext, filters: TopicFilters, order: ForumOrder, count: number, position: Position) {
  const query = scopedTopics(db, scope, { ...filters, featured: order === 'featured' || filters.featured });
  const page = await pageOf(query, 't', order, count, position);
  return { ...page, rows: await hydrateTopics(db, page.rows) };
}

/** The stored row, without the visibility scope: for permission checks on writes. */
export function findTopicRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('forum_topics').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertTopic(tx: Tx, values: Omit<Database['forum_topics'], 'id'>): Promise<number> {
  const row = await tx.insertInto('forum_topics').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTopic(tx: Tx, id: number, patch: Partial<Omit<Database['forum_topics'], 'id'>>) {
  await tx.updateTable('forum_topics').set(patch).where('id', '=', id).execute();
}

/** Removes a topic with its replies, tags and the activity about them. */
export async function deleteTopic(tx: Tx, id: number) {
  await forgetActivityAbout(tx, 'Topic', id);
  await deleteCommentsOf(tx, 'Topic', id);
  await deleteTags(tx, 'Topic', id);
  await tx.deleteFrom('forum_topics').where('id', '=', id).execute();
}

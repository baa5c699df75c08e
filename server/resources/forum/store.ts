// Forum rows: categories and their topics. Topics are read through the content store (and so
// the visibility scope), and a category's topicCount counts only the topics the caller may
// see. A page of categories costs a fixed number of queries: the window, the other-direction
// check, then one batch of topic counts.
import { sql, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Position } from '../../db/paging';
import type { ContentRef } from '../../http/param-types';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { contentStore, inOrder, newestFirst, pageIn, type ContentStore } from '../content/store';
import type { CategoryItem, TopicItem } from './schema';

/** The sort key `alpha` listings use, stored beside the title. */
export const titleKey = (title: string) => title.toLowerCase();

const byTitle = { column: 'title_key', order: 'asc' } as const;

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
  const page = await pageIn(query, 'c', order === 'created' ? newestFirst : byTitle, count, position);
  return { ...page, rows: await hydrateCategories(db, scope, page.rows) };
}

export function findCategoryRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('forum_categories').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Db | Tx, values: Omit<Database['forum_categories'], 'id'>): Promise<number> {
  const row = await db.insertInto('forum_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Db | Tx, id: number, patch: Partial<Omit<Database['forum_categories'], 'id'>>) {
  await db.updateTable('forum_categories').set(patch).where('id', '=', id).execute();
}

/** Removes a category; its topics stay, without a category (the foreign key sets it null). */
export async function deleteCategory(db: Db | Tx, id: number) {
  await db.deleteFrom('forum_categories').where('id', '=', id).execute();
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

/** Topics can also be listed by title and filtered by their category. */
export const topicStore: ContentStore<TopicItem, { categoryId: ContentRef }, 'alpha'> = contentStore({
  type: 'Topic',
  alias: 't',
  select: selectTopics,
  orders: { alpha: byTitle },
  // Category ids are unique across networks: another network's matches no topic here.
  filters: { categoryId: (ref) => [sql<SqlBool>`${sql.ref('t.category_id')} = ${ref.id}`] },
});

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

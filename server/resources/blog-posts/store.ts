// BlogPost rows through the query builder. Every read goes through the visibility scope;
// a page of posts costs a fixed number of queries: the window, the other-direction check,
// then one batch each for tags and comment counts.
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { keysetPage, type Position } from '../../http/anchor';
import { notPublic, visibleItem, type ScopeContext } from '../../lib/scope';
import { deleteTags, taggedWith, tagsOf } from '../tags/store';
import { commentCounts, deleteCommentsOf } from '../comments/store';
import { forgetActivityAbout } from '../activity/store';
import type { BlogPostItem } from './schema';

export interface BlogPostFilters {
  author?: string;
  private?: boolean;
  approved?: boolean;
  tag?: string;
  createdAfter?: number;
  featured?: boolean;
}

function selectPosts(db: Db | Tx) {
  return db
    .selectFrom('blog_posts as p')
    .innerJoin('accounts as a', 'a.id', 'p.author_id')
    .select([
      'p.id', 'p.network_id', 'p.author_id', 'p.title', 'p.description', 'p.publish_status', 'p.publish_time',
      'p.visibility', 'p.approved', 'p.featured_at', 'p.created_at', 'p.updated_at',
      'a.screen_name', 'a.full_name', 'a.icon_url',
    ]);
}

type PostQuery = ReturnType<typeof selectPosts>;
type PostRow = Awaited<ReturnType<PostQuery['execute']>>[number];

function scoped(db: Db, scope: ScopeContext, filters: BlogPostFilters = {}): PostQuery {
  let q = selectPosts(db)
    .where('p.network_id', '=', scope.network.id)
    .where((eb) => visibleItem(eb, { alias: 'p', publishable: true }, scope));
  if (filters.author !== undefined) q = q.where('a.screen_name', '=', filters.author);
  if (filters.private) q = q.where(notPublic('p'));
  if (filters.approved !== undefined) q = q.where('p.approved', '=', filters.approved ? 1 : 0);
  if (filters.tag !== undefined) q = q.where(taggedWith('p', scope.network.id, 'BlogPost', filters.tag));
  if (filters.createdAfter !== undefined) q = q.where('p.created_at', '>', filters.createdAfter);
  if (filters.featured) q = q.where('p.featured_at', 'is not', null);
  return q;
}

async function hydrate(db: Db, rows: PostRow[]): Promise<BlogPostItem[]> {
  const ids = rows.map((r) => r.id);
  const [tags, counts] = await Promise.all([tagsOf(db, 'BlogPost', ids), commentCounts(db, 'BlogPost', ids)]);
  return rows.map((r) => ({
    ...r,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    tags: tags.get(r.id) ?? [],
    commentCount: counts.get(r.id) ?? 0,
  }));
}

export async function getPosts(db: Db, scope: ScopeContext, ids: number[]): Promise<BlogPostItem[]> {
  if (ids.length === 0) return [];
  const rows = await scoped(db, scope).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hydrate(db, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
}

export async function listPosts(
  db: Db,
  scope: ScopeContext,
  filters: BlogPostFilters,
  order: 'created' | 'featured',
  count: number,
  position: Position,
) {
  const page = await keysetPage(scoped(db, scope, filters) as SelectQueryBuilder<any, any, PostRow>, {
    sortColumn: order === 'created' ? 'p.created_at' : 'p.featured_at',
    idColumn: 'p.id',
    order: 'desc',
    keyOf: (r) => ({ key: (order === 'created' ? r.created_at : r.featured_at)!, id: r.id }),
    count,
    position,
  });
  return { ...page, rows: await hydrate(db, page.rows) };
}

export async function countPosts(db: Db, scope: ScopeContext, filters: BlogPostFilters): Promise<number> {
  const row = await scoped(db, scope, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored row, without the visibility scope: for permission checks on writes. */
export function findPostRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('blog_posts').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertPost(tx: Tx, values: Omit<Database['blog_posts'], 'id'> & { id?: never }): Promise<number> {
  const row = await tx.insertInto('blog_posts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePost(tx: Tx, id: number, patch: Partial<Omit<Database['blog_posts'], 'id'>>) {
  await tx.updateTable('blog_posts').set(patch).where('id', '=', id).execute();
}

export async function deletePost(tx: Tx, id: number) {
  await forgetActivityAbout(tx, 'BlogPost', id);
  await deleteCommentsOf(tx, 'BlogPost', id);
  await deleteTags(tx, 'BlogPost', id);
  await tx.deleteFrom('blog_posts').where('id', '=', id).execute();
}

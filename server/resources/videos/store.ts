// Video rows. Every read goes through the visibility scope; a page of videos costs a fixed
// number of queries: the window, the other-direction check, then one batch each for tags
// and comment counts.
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { keysetPage, type Position } from '../../http/anchor';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { deleteTags, tagsOf } from '../tags/store';
import { commentCounts, deleteCommentsOf } from '../comments/store';
import { forgetActivityAbout } from '../activity/store';
import { contentFilters, inOrder, type ContentFilters } from '../content';
import type { VideoItem } from './schema';

function selectVideos(db: Db) {
  return db
    .selectFrom('videos as v')
    .innerJoin('accounts as a', 'a.id', 'v.author_id')
    .select([
      'v.id', 'v.author_id', 'v.host', 'v.host_video_id', 'v.title', 'v.description', 'v.visibility', 'v.approved',
      'v.featured_at', 'v.created_at', 'v.updated_at', 'a.screen_name', 'a.full_name', 'a.icon_url',
    ]);
}

type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['execute']>>[number];

function scoped(db: Db, scope: ScopeContext, filters: ContentFilters = {}) {
  let q = selectVideos(db)
    .where('v.network_id', '=', scope.network.id)
    .where((eb) => visibleItem(eb, { alias: 'v' }, scope));
  for (const condition of contentFilters('v', 'Video', scope.network.id, filters)) q = q.where(condition);
  return q;
}

async function hydrate(db: Db, rows: VideoRow[]): Promise<VideoItem[]> {
  const ids = rows.map((r) => r.id);
  const [tags, counts] = await Promise.all([tagsOf(db, 'Video', ids), commentCounts(db, 'Video', ids)]);
  return rows.map((r) => ({
    ...r,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    tags: tags.get(r.id) ?? [],
    commentCount: counts.get(r.id) ?? 0,
  }));
}

export async function getVideos(db: Db, scope: ScopeContext, ids: number[]): Promise<VideoItem[]> {
  if (ids.length === 0) return [];
  const rows = await scoped(db, scope).where('v.id', 'in', ids).execute();
  return hydrate(db, inOrder(ids, rows));
}

export async function listVideos(
  db: Db,
  scope: ScopeContext,
  filters: ContentFilters,
  order: 'created' | 'featured',
  count: number,
  position: Position,
) {
  const column = order === 'created' ? 'created_at' : 'featured_at';
  const page = await keysetPage(scoped(db, scope, { ...filters, featured: order === 'featured' }), {
    sortColumn: `v.${column}`,
    idColumn: 'v.id',
    order: 'desc',
    keyOf: (r) => ({ key: r[column]!, id: r.id }),
    count,
    position,
  });
  return { ...page, rows: await hydrate(db, page.rows) };
}

export async function countVideos(db: Db, scope: ScopeContext, filters: ContentFilters): Promise<number> {
  const row = await scoped(db, scope, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored row, without the visibility scope: for permission checks on writes. */
export function findVideoRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('videos').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertVideo(tx: Tx, values: Omit<Database['videos'], 'id'>): Promise<number> {
  const row = await tx.insertInto('videos').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVideo(tx: Tx, id: number, patch: Partial<Omit<Database['videos'], 'id'>>) {
  await tx.updateTable('videos').set(patch).where('id', '=', id).execute();
}

/** Removes a video with its comments, tags and the activity about them. */
export async function deleteVideo(tx: Tx, id: number) {
  await forgetActivityAbout(tx, 'Video', id);
  await deleteCommentsOf(tx, 'Video', id);
  await deleteTags(tx, 'Video', id);
  await tx.deleteFrom('videos').where('id', '=', id).execute();
}

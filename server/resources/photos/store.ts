// Photo rows and their image bytes. Every read goes through the visibility scope, the image
// bytes included; a page of photos costs a fixed number of queries: the window, the
// other-direction check, then one batch each for tags and comment counts.
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Database, PhotoSize } from '../../db/schema';
import { keysetPage, type Position } from '../../http/anchor';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { contentFilters, inOrder, type ContentFilters } from '../content';
import { deleteTags, tagsOf } from '../tags/store';
import { commentCounts, deleteCommentsOf } from '../comments/store';
import { forgetActivityAbout } from '../activity/store';
import type { Rendition } from './renditions';
import type { PhotoItem } from './schema';

function selectPhotos(db: Db) {
  return db
    .selectFrom('photos as p')
    .innerJoin('accounts as a', 'a.id', 'p.author_id')
    .select([
      'p.id', 'p.network_id', 'p.title', 'p.description', 'p.visibility', 'p.approved', 'p.featured_at',
      'p.image_format', 'p.image_width', 'p.image_height', 'p.created_at', 'p.updated_at',
      'a.screen_name', 'a.full_name', 'a.icon_url',
    ]);
}

type PhotoRow = Awaited<ReturnType<ReturnType<typeof selectPhotos>['execute']>>[number];

function scoped(db: Db, scope: ScopeContext, filters: ContentFilters = {}) {
  return selectPhotos(db)
    .where('p.network_id', '=', scope.network.id)
    .where((eb) => eb.and([visibleItem(eb, { alias: 'p' }, scope), ...contentFilters('p', 'Photo', scope.network.id, filters)]));
}

async function hydrate(db: Db, rows: PhotoRow[]): Promise<PhotoItem[]> {
  const ids = rows.map((r) => r.id);
  const [tags, counts] = await Promise.all([tagsOf(db, 'Photo', ids), commentCounts(db, 'Photo', ids)]);
  return rows.map((r) => ({
    ...r,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    image: { networkId: r.network_id, photoId: r.id, format: r.image_format, width: r.image_width, height: r.image_height },
    tags: tags.get(r.id) ?? [],
    commentCount: counts.get(r.id) ?? 0,
  }));
}

export async function getPhotos(db: Db, scope: ScopeContext, ids: number[]): Promise<PhotoItem[]> {
  if (ids.length === 0) return [];
  return hydrate(db, inOrder(ids, await scoped(db, scope).where('p.id', 'in', ids).execute()));
}

export async function listPhotos(
  db: Db,
  scope: ScopeContext,
  filters: ContentFilters,
  order: 'created' | 'featured',
  count: number,
  position: Position,
) {
  const page = await keysetPage(scoped(db, scope, { ...filters, featured: order === 'featured' }) as SelectQueryBuilder<any, any, PhotoRow>, {
    sortColumn: order === 'created' ? 'p.created_at' : 'p.featured_at',
    idColumn: 'p.id',
    order: 'desc',
    keyOf: (r) => ({ key: (order === 'created' ? r.created_at : r.featured_at)!, id: r.id }),
    count,
    position,
  });
  return { ...page, rows: await hydrate(db, page.rows) };
}

export async function countPhotos(db: Db, scope: ScopeContext, filters: ContentFilters): Promise<number> {
  const row = await scoped(db, scope, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One size of a photo's image, if the caller may see the photo. */
export function findVisibleImage(db: Db, scope: ScopeContext, photoId: number, size: PhotoSize) {
  return db
    .selectFrom('photo_images as i')
    .innerJoin('photos as p', 'p.id', 'i.photo_id')
    .select(['i.bytes', 'p.image_format', 'p.visibility', 'p.approved'])
    .where('p.network_id', '=', scope.network.id)
    .where('p.id', '=', photoId)
    .where('i.size', '=', size)
    .where((eb) => visibleItem(eb, { alias: 'p' }, scope))
    .executeTakeFirst();
}

/** The stored row, without the visibility scope: for permission checks on writes. */
export function findPhotoRow(db: Db | Tx, networkId: number, id: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'author_id'])
    .where('network_id', '=', networkId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPhoto(tx: Tx, values: Omit<Database['photos'], 'id'>, renditions: Rendition[]): Promise<number> {
  const { id } = await tx.insertInto('photos').values(values).returning('id').executeTakeFirstOrThrow();
  await tx
    .insertInto('photo_images')
    .values(renditions.map((r) => ({ photo_id: id, size: r.size, width: r.width, height: r.height, bytes: r.bytes })))
    .execute();
  return id;
}

export async function updatePhoto(tx: Tx, id: number, patch: Partial<Omit<Database['photos'], 'id'>>) {
  await tx.updateTable('photos').set(patch).where('id', '=', id).execute();
}

export async function deletePhoto(tx: Tx, id: number) {
  await forgetActivityAbout(tx, 'Photo', id);
  await deleteCommentsOf(tx, 'Photo', id);
  await deleteTags(tx, 'Photo', id);
  await tx.deleteFrom('photo_images').where('photo_id', '=', id).execute();
  await tx.deleteFrom('photos').where('id', '=', id).execute();
}

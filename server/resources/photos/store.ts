// Photo rows and their image bytes. Every read goes through the visibility scope, the image
// bytes included; photos are read through the content store.
import type { Db, Tx } from '../../db/database';
import type { Database, PhotoSize } from '../../db/schema';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { contentStore, type ContentStore } from '../content/store';
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

export const photoStore: ContentStore<PhotoItem> = contentStore({
  type: 'Photo',
  alias: 'p',
  select: selectPhotos,
  extend: (r) => ({
    image: { networkId: r.network_id, photoId: r.id, format: r.image_format, width: r.image_width, height: r.image_height },
  }),
});

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
    .select(['id', 'author_id', 'created_at'])
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

/** Removes a photo's image sizes (the photo itself goes as every content item does). */
export async function deletePhotoImages(tx: Tx, id: number) {
  await tx.deleteFrom('photo_images').where('photo_id', '=', id).execute();
}

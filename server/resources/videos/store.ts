// Video rows: reads through the content store (and so the visibility scope), then writes and
// removal.
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { contentStore, type ContentStore } from '../content/store';
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

export const videoStore: ContentStore<VideoItem> = contentStore({ type: 'Video', alias: 'v', select: selectVideos });

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

// Broadcast rows: every member of the network reads every broadcast, newest first.
import type { Db, Tx } from '../../db/database';
import type { Database } from '../../db/schema';
import { keysetPage, type Position } from '../../db/paging';
import type { BroadcastItem } from './schema';

function selectBroadcasts(db: Db) {
  return db
    .selectFrom('broadcasts as b')
    .innerJoin('accounts as a', 'a.id', 'b.author_id')
    .select(['b.id', 'b.subject', 'b.body', 'b.created_at', 'a.screen_name', 'a.full_name', 'a.icon_url']);
}

export async function listBroadcasts(db: Db, networkId: number, count: number, position: Position) {
  const query = selectBroadcasts(db).where('b.network_id', '=', networkId);
  const page = await keysetPage(query, { sortColumn: 'b.created_at', idColumn: 'b.id', order: 'desc' }, count, position);
  return {
    ...page,
    rows: page.rows.map(
      (r): BroadcastItem => ({ ...r, author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url } }),
    ),
  };
}

/** Frees a message id last used before `sentBefore`, so it may be sent again. */
export async function releaseMessageId(tx: Tx, networkId: number, messageId: string, sentBefore: number) {
  await tx
    .updateTable('broadcasts')
    .set({ message_id: null })
    .where('network_id', '=', networkId)
    .where('message_id', '=', messageId)
    .where('created_at', '<', sentBefore)
    .execute();
}

export async function insertBroadcast(tx: Tx, values: Omit<Database['broadcasts'], 'id'>): Promise<number> {
  const row = await tx.insertInto('broadcasts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

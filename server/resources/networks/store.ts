// Networks: created by the operator (CLI or first start), each with its Network Creator, who
// then changes its name, icon, privacy and moderation flags.
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/database';
import type { NetworkTable } from '../../db/schema';
import { keysetPage, type Position } from '../../db/paging';
import { sortNameOf } from '../users/store';

export function findNetwork(db: Db | Tx, subdomain: string) {
  return db.selectFrom('networks').selectAll().where('subdomain', '=', subdomain.toLowerCase()).executeTakeFirst();
}

export function findNetworkById(db: Db | Tx, id: number) {
  return db.selectFrom('networks').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a network row under a random 7-digit id, as historical ids were. Returns undefined
 * when the id or the subdomain is taken: ON CONFLICT DO NOTHING, since a failed statement
 * would abort a PostgreSQL transaction.
 */
export async function insertNetwork(
  tx: Tx,
  input: { subdomain: string; name: string; ownerAccountId: number },
  now: number,
): Promise<number | undefined> {
  const id = crypto.randomInt(1_000_000, 10_000_000);
  const inserted = await tx
    .insertInto('networks')
    .values({
      id,
      subdomain: input.subdomain.toLowerCase(),
      name: input.name,
      sort_name: sortNameOf(input.name),
      description: '',
      icon_url: null,
      owner_account_id: input.ownerAccountId,
      is_private: 0,
      blog_post_moderation: 0,
      comment_moderation: 0,
      photo_moderation: 0,
      user_moderation: 0,
      video_moderation: 0,
      event_moderation: 0,
      group_moderation: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? id : undefined;
}

function selectNetworks(db: Db) {
  return db
    .selectFrom('networks as n')
    .leftJoin('accounts as o', 'o.id', 'n.owner_account_id')
    .selectAll('n')
    .select(['o.screen_name as owner_screen_name', 'o.full_name as owner_full_name', 'o.icon_url as owner_icon_url']);
}

export type NetworkRow = Awaited<ReturnType<ReturnType<typeof selectNetworks>['execute']>>[number];

export function getNetwork(db: Db, id: number): Promise<NetworkRow> {
  return selectNetworks(db).where('n.id', '=', id).executeTakeFirstOrThrow();
}

/** The networks an account is an active member of, by name. */
export function listNetworksOf(db: Db, accountId: number, count: number, position: Position) {
  const q = selectNetworks(db)
    .innerJoin('members as m', 'm.network_id', 'n.id')
    .where('m.account_id', '=', accountId)
    .where('m.state', '=', 'active');
  return keysetPage(q, { sortColumn: 'n.sort_name', idColumn: 'n.id', order: 'asc' }, count, position);
}

export async function updateNetwork(db: Db, id: number, patch: Partial<Omit<NetworkTable, 'id'>>) {
  await db.updateTable('networks').set(patch).where('id', '=', id).execute();
}

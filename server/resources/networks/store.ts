// Networks: created by the operator (CLI or first start), each with its Network Creator, who
// then changes its name, icon, privacy and moderation flags.
import crypto from 'node:crypto';
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { NetworkTable } from '../../db/schema';
import { keysetPage, type Position } from '../../http/anchor';
import { conflict } from '../../http/errors';
import { addMember, sortNameOf } from '../users/store';

export function findNetwork(db: Db | Tx, subdomain: string) {
  return db.selectFrom('networks').selectAll().where('subdomain', '=', subdomain.toLowerCase()).executeTakeFirst();
}

export function findNetworkById(db: Db | Tx, id: number) {
  return db.selectFrom('networks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a network owned by an existing account; ids are random 7-digit numbers, as historical ones were. */
export async function createNetwork(
  db: Db | Tx,
  input: { subdomain: string; name: string; ownerAccountId: number },
  now: number,
): Promise<number> {
  if (await findNetwork(db, input.subdomain)) throw conflict(1, `A network '${input.subdomain}' already exists.`);
  for (let attempt = 0; ; attempt++) {
    const id = crypto.randomInt(1_000_000, 10_000_000);
    // ON CONFLICT DO NOTHING: a failed statement would abort a PostgreSQL transaction.
    const inserted = await db
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
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await addMember(db, id, input.ownerAccountId, 'owner', 'active', now);
      return id;
    }
    if (await findNetwork(db, input.subdomain)) throw conflict(1, `A network '${input.subdomain}' already exists.`);
    if (attempt > 5) throw new Error('No free network id after several attempts.');
  }
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
  return keysetPage(q as SelectQueryBuilder<any, any, NetworkRow>, {
    sortColumn: 'n.sort_name',
    idColumn: 'n.id',
    order: 'asc',
    keyOf: (r) => ({ key: r.sort_name, id: r.id }),
    count,
    position,
  });
}

export async function updateNetwork(db: Db, id: number, patch: Partial<Omit<NetworkTable, 'id'>>) {
  await db.updateTable('networks').set(patch).where('id', '=', id).execute();
}

// Tags of content items: set on create and update (an update replaces them), read in one
// batch for a page of items, and used as a listing filter.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { badRequest } from '../../http/errors';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 64;

/** Splits, trims and de-duplicates tag values; `tag` may repeat and each may hold a comma list. */
export function normaliseTags(values: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values.flatMap((v) => v.split(','))) {
    const tag = value.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    if (tag.length > MAX_TAG_LENGTH) throw badRequest(3, `A tag may have at most ${MAX_TAG_LENGTH} characters.`);
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) throw badRequest(3, `An item may have at most ${MAX_TAGS} tags.`);
  return tags;
}

export async function replaceTags(tx: Tx, networkId: number, itemType: string, itemId: number, tags: string[]) {
  await tx.deleteFrom('item_tags').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
  if (tags.length === 0) return;
  await tx
    .insertInto('item_tags')
    .values(tags.map((value, position) => ({ network_id: networkId, item_type: itemType, item_id: itemId, value, position })))
    .execute();
}

export async function tagsOf(db: Db, itemType: string, ids: number[]): Promise<Map<number, string[]>> {
  const byItem = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byItem;
  const rows = await db
    .selectFrom('item_tags')
    .select(['item_id', 'value'])
    .where('item_type', '=', itemType)
    .where('item_id', 'in', ids)
    .orderBy('item_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byItem.get(row.item_id)?.push(row.value);
  return byItem;
}

/** Restricts a listing of `itemType` (aliased `alias`) to the items carrying `tag`. */
export function taggedWith(alias: string, networkId: number, itemType: string, tag: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (
    select t.item_id from item_tags t where t.network_id = ${networkId} and t.item_type = ${itemType} and t.value = ${tag})`;
}

export async function deleteTags(tx: Tx, itemType: string, itemId: number) {
  await tx.deleteFrom('item_tags').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
}

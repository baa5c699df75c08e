// Tags of content items: set on create and update (an update replaces them), read in one
// batch for a page of items, used as a listing filter, paged through per item, and counted
// over the items the caller can see (the tag cloud).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { keysetPage, type Position } from '../../db/paging';
import { badRequest } from '../../http/errors';
import type { ScopeContext } from '../../lib/scope';
import { namesVisibleItem } from '../commentable';
import type { ItemTag, TagCount } from './schema';

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

/** One page of an item's tags in the order they were given; the caller has been shown to see the item. */
export async function listItemTags(db: Db, scope: ScopeContext, item: { type: string; id: number }, count: number, position: Position) {
  const query = db
    .selectFrom('item_tags as t')
    .select(['t.item_type', 't.item_id', 't.value', 't.position'])
    .where('t.network_id', '=', scope.network.id)
    .where('t.item_type', '=', item.type)
    .where('t.item_id', '=', item.id);
  const page = await keysetPage(query, { sortColumn: 't.position', idColumn: 't.item_id', order: 'asc' }, count, position);
  const counts = new Map((await tagCounts(db, scope, { values: page.rows.map((r) => r.value) })).map((t) => [t.value, t.count]));
  const rows = page.rows.map((r): ItemTag => ({ value: r.value, count: counts.get(r.value) ?? 0, item: { type: r.item_type, id: r.item_id } }));
  return { ...page, rows };
}

/**
 * How many items the caller can see carry each tag, most used first: the items pass the
 * visibility scope of their type before they are counted, so a friends-only post's tags count
 * only for the author's friends. Types not registered in commentable.ts are never counted.
 */
export async function tagCounts(
  db: Db,
  scope: ScopeContext,
  options: { values?: string[]; type?: string; limit?: number },
): Promise<TagCount[]> {
  if (options.values?.length === 0) return [];
  let query = db
    .selectFrom('item_tags as t')
    .select(['t.value', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.network_id', '=', scope.network.id)
    .where((eb) => namesVisibleItem(eb, { type: 't.item_type', id: 't.item_id' }, scope))
    .groupBy('t.value')
    .orderBy('n', 'desc')
    .orderBy('t.value');
  if (options.values) query = query.where('t.value', 'in', options.values);
  if (options.type !== undefined) query = query.where('t.item_type', '=', options.type);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map((r) => ({ value: r.value, count: Number(r.n) }));
}

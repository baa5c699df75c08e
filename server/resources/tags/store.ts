// Tags of content items: set on create and update (an update replaces them), read as a
// column of the query that reads a page of items, used as a listing filter, paged through per
// item, and counted over the items the caller can see (the tag cloud: what a whole audience sees
// is counted by the database as items and tags are written, migration 0085).
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db, type Tx } from '../../db/database';
import { keysetPage, type Position } from '../../db/paging';
import { listOf, preparedQuery } from '../../db/prepared';
import { ApiError } from '../../lib/errors';
import { scopeOf, visibleItem, visibleToAudience, type Audience, type ScopeContext } from '../../lib/scope';
import { contentTypes, type ContentTypeName } from '../content/types';
import type { TagCount } from './schema';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 64;

/** Splits, trims and de-duplicates tag values; `tag` may repeat and each may hold a comma list. */
export function normaliseTags(values: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values.flatMap((v) => v.split(','))) {
    const tag = value.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    if (tag.length > MAX_TAG_LENGTH) throw new ApiError('invalidValue', `A tag may have at most ${MAX_TAG_LENGTH} characters.`);
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) throw new ApiError('invalidValue', `An item may have at most ${MAX_TAGS} tags.`);
  return tags;
}

/**
 * Gives the item its tags, in order. `createdAt`: the item's date, when the caller knows it,
 * which the tags carry (the database gives them their item's date when it is not given, at the
 * cost of writing each tag again on SQLite: migration 0088).
 */
export async function replaceTags(tx: Tx, networkId: number, itemType: string, itemId: number, tags: string[], createdAt?: number) {
  await tx.deleteFrom('item_tags').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
  if (tags.length === 0) return;
  await tx
    .insertInto('item_tags')
    .values(tags.map((value, position) => ({ network_id: networkId, item_type: itemType, item_id: itemId, value, position, created_at: createdAt })))
    .execute();
}

/** The item's tags (of the item aliased `alias`) in the order given, as a JSON array: SQLite gives it as text. */
export function tagsColumn(db: Db, alias: string, itemType: string): RawBuilder<string | string[]> {
  // Unaliased, so that no alias of the outer query hides it.
  if (isPostgres(db)) {
    return sql<string[]>`(select coalesce(json_agg(item_tags.value order by item_tags.position), '[]') from item_tags
      where item_tags.item_type = ${itemType} and item_tags.item_id = ${sql.ref(`${alias}.id`)})`;
  }
  // SQLite sorts an aggregate's ORDER BY in a temporary b-tree of its own for every item,
  // which costs more than the rest of a page's query; a subquery read in the order of
  // item_tags_in_order feeds the aggregate its rows in order (an aggregate's ordered subquery
  // is never flattened into it).
  return sql<string>`(select coalesce(json_group_array(value), '[]') from (select item_tags.value from item_tags
    where item_tags.item_type = ${itemType} and item_tags.item_id = ${sql.ref(`${alias}.id`)} order by item_tags.position))`;
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
  return keysetPage(query, { sortColumn: 't.position', idColumn: 't.item_id', order: 'asc' }, count, position);
}

type Counted = Exclude<Audience, 'nobody'>;

interface AudienceShape {
  audience: Counted;
  type: ContentTypeName | undefined;
  /** How many tags are asked for by name, or null for the most used. */
  values: number | null;
}

interface AudienceValues {
  networkId: number;
  now: number;
  values: string[];
  limit: number;
}

/**
 * The kept counts less the posts still scheduled, which those counts hold already (few, and
 * read through an index), ordered by the kept count: most used first (at most `limit`, and one
 * more for each tag of the scheduled posts, which may fall below one more of the others) or
 * the tags named. One query, not one for the scheduled posts and one for the counts.
 */
const keptQuery = preparedQuery((db: Db, s: AudienceShape & { limited: boolean; scheduled: boolean }, v: AudienceValues) => {
  const from = (
    s.scheduled
      ? // Read once (few rows), not again for each count.
        db.with((cte) => cte('scheduled').materialized(), (w) =>
          w
            .selectFrom('blog_posts as x')
            .innerJoin('item_tags as t', (join) => join.onRef('t.item_id', '=', 'x.id').on('t.item_type', '=', 'BlogPost'))
            .select(['t.value', 'x.publish_time'])
            .where('x.network_id', '=', v.networkId)
            .where('x.publish_status', '=', 'publish')
            .where('x.publish_time', '>', v.now)
            // Which of them the audience sees once they are due.
            .where((eb) => visibleToAudience(eb, { alias: 'x', publishable: false }, s.audience, v.now))
            .$if(s.values !== null, (q) => q.where('t.value', 'in', listOf(v.values, s.values!))),
        )
      : db
  ) as Db;
  const n = s.scheduled ? sql<number>`c.n - (select count(*) from scheduled where scheduled.value = c.value)` : sql<number>`c.n`;
  const scheduledTags = s.scheduled ? sql<number>`(select count(distinct value) from scheduled)` : sql<number>`0`;
  const due = s.scheduled ? sql<number | null>`(select min(publish_time) from scheduled)` : sql<number | null>`null`;
  const limit = s.scheduled ? sql<number>`${v.limit} + ${scheduledTags}` : v.limit;
  return from
    .selectFrom('tag_audience_counts as c')
    .select(['c.value', n.as('n'), scheduledTags.as('scheduled_tags'), due.as('due')])
    .where('c.network_id', '=', v.networkId)
    .where('c.audience', '=', s.audience)
    .where('c.item_type', '=', s.type ?? '')
    .where('c.n', '>', 0)
    .$if(s.values !== null, (q) => q.where('c.value', 'in', listOf(v.values, s.values!)))
    .orderBy('c.n', 'desc')
    .orderBy('c.value')
    .$if(s.limited, (q) => q.limit(limit));
});

/**
 * How many items every viewer of `audience` sees at `now` carry each tag (only `values`, when
 * given; only items of `type`, when given), most used first, at most `limit`. Read from the
 * counts the database keeps per audience (migration 0085), less the posts still scheduled at
 * `now`, which those counts hold already.
 */
export async function audienceTagCounts(
  db: Db,
  networkId: number,
  audience: Audience,
  now: number,
  options: { values?: string[]; type?: ContentTypeName; limit?: number },
): Promise<TagCount[]> {
  return (await audienceTagCountsUntil(db, networkId, audience, now, options)).value;
}

/**
 * The counts of audienceTagCounts, and `until`: when the first of the scheduled posts they
 * leave out falls due (and they no longer hold), or null when none does.
 */
export async function audienceTagCountsUntil(
  db: Db,
  networkId: number,
  audience: Audience,
  now: number,
  options: { values?: string[]; type?: ContentTypeName; limit?: number },
): Promise<{ value: TagCount[]; until: number | null }> {
  if (audience === 'nobody' || options.values?.length === 0) return { value: [], until: null };
  const shape: AudienceShape = { audience, type: options.type, values: options.values?.length ?? null };
  const values: AudienceValues = { networkId, now, values: options.values ?? [], limit: options.limit ?? 0 };
  const limited = options.limit !== undefined;
  const scheduled = options.type === undefined || contentTypes[options.type].publishable;
  const rows = await keptQuery(db, { ...shape, limited, scheduled }, values);
  const counts = rows.map((r) => ({ value: r.value, count: Number(r.n) }));
  if (rows.length === 0 || Number(rows[0]!.scheduled_tags) === 0) return { value: counts, until: null };
  // Read in the kept counts' order: the tags of a scheduled post may have to move down, or out.
  const sorted = counts.filter((t) => t.count > 0).sort(mostUsedFirst);
  return { value: limited ? sorted.slice(0, options.limit) : sorted, until: Number(rows[0]!.due) };
}

/** Most used first, then by tag. */
export const mostUsedFirst = (a: TagCount, b: TagCount) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

interface ExtraShape {
  audience: Audience;
  type: ContentTypeName | undefined;
  values: number | null;
}

interface ExtraValues {
  networkId: number;
  viewerId: number;
  now: number;
  values: string[];
}

/**
 * The tags of the caller's own items their audience does not see, and (members) of their
 * friends' friends-only items, one row per item and tag. What the scope grants a caller beyond
 * their audience is exactly these (scope.ts): to a moderator, their own unpublished items; to
 * anyone else, their own items the audience does not see, and to a member the friends-only
 * items of those whose friend they are, once published and approved.
 *
 * Planned once per connection, for any values (db/prepared.ts, `anyValues`): planned for its
 * values, where networks differ in size, PostgreSQL found that plan cheaper than the one for
 * any network and made it anew on every read (0.35 ms, against 0.05 ms of running it).
 */
const extraQuery = preparedQuery((db: Db, s: ExtraShape, v: ExtraValues) => {
  const arms = Object.entries(contentTypes)
    .filter(([name]) => s.type === undefined || name === s.type)
    .map(([name, t]) => {
      const items = `${t.table} as x` as 'blog_posts as x';
      let ids = db
        .selectFrom(items)
        .select('x.id')
        .where('x.network_id', '=', v.networkId)
        .where('x.author_id', '=', v.viewerId)
        .where((eb) => eb.not(visibleToAudience(eb, { alias: 'x', publishable: t.publishable }, s.audience, v.now)));
      if (s.audience === 'members') {
        // Friendships are written both ways: the caller's side names their friends, and each
        // friend's side admits the caller to the friend's friends-only items (scope.ts).
        ids = ids.unionAll(
          db
            .selectFrom('friendships as f')
            .innerJoin(items, (join) => join.onRef('x.network_id', '=', 'f.network_id').onRef('x.author_id', '=', 'f.friend_account_id'))
            .select('x.id')
            .where('f.network_id', '=', v.networkId)
            .where('f.account_id', '=', v.viewerId)
            .where('f.state', '=', 'friend')
            // As written, so that the index of friends-only items (migration 0086) serves it.
            .where(sql<SqlBool>`x.visibility = 'friends'`)
            .where('x.author_id', '<>', v.viewerId)
            .where((eb) => visibleItem(eb, { alias: 'x', publishable: t.publishable }, scopeOf({ caller: 'member', privateNetwork: false }, { networkId: v.networkId, accountId: v.viewerId, now: v.now }))),
        );
      }
      // The items first, then their tags: never the other way round, through every tag of the type.
      const tagsOf = <Q extends SelectQueryBuilder<any, any, { value: string }>>(tags: Q) => (s.values === null ? tags : (tags.where('t.value', 'in', listOf(v.values, s.values)) as Q));
      if (!isPostgres(db)) return tagsOf(db.selectFrom('item_tags as t').select('t.value').where('t.item_type', '=', name).where('t.item_id', 'in', ids));
      // On PostgreSQL, each item's tags looked up apart (the offset keeps the planner from
      // joining them otherwise): the plan made for any values cannot know how few the items
      // are, and would otherwise read the tags of every item of the type, in every network.
      return db
        .selectFrom(ids.as('mine'))
        .innerJoinLateral(
          (eb) => tagsOf(eb.selectFrom('item_tags as t').select('t.value').where('t.item_type', '=', name).whereRef('t.item_id', '=', 'mine.id')).offset(sql.lit(0)).as('t'),
          (join) => join.onTrue(),
        )
        .select('t.value');
    });
  return arms.reduce((all, arm) => all.unionAll(arm));
}, { anyValues: true });

/**
 * The tags of the items the caller sees beyond their audience's (at `now`, as the audience's
 * counts): their own drafts, scheduled, unapproved or restricted items, and a member's
 * friends' friends-only ones. Read from the caller's and their friends' items alone, so it
 * costs what they wrote, not what the network holds.
 */
export async function extraTagCounts(
  db: Db,
  scope: ScopeContext,
  audience: Audience,
  now: number,
  options: { values?: string[]; type?: ContentTypeName },
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const viewerId = scope.viewer.accountId;
  if (viewerId === null || options.values?.length === 0) return counts;
  const rows = await extraQuery(
    db,
    { audience, type: options.type, values: options.values?.length ?? null },
    { networkId: scope.network.id, viewerId, now, values: options.values ?? [] },
  );
  for (const { value } of rows) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

// What a signed-in viewer sees that their audience (scope.ts: `visibleToAudience`) does not:
// their extras. Where none of them could show in a reply, the reply is the audience's, and the
// response cache answers it from the one kept for the audience (http/extras-in-reply.ts
// decides, request by request). What the scope grants one viewer beyond their audience is
// their own items the audience cannot see (drafts, scheduled, unapproved, friends-only or
// me-only), their own comments and the comments on their items that await approval, and
// (members) their friends' friends-only items. Read from the viewer's own rows and their
// friends', through indexes, in two rounds of queries, once per viewer until the network's
// next write.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { oneOfIds, preparedQuery } from '../db/prepared';
import { idList } from '../lib/kept-rows';
import { scopeOf, scopeShape, scopeValues, visibleItem, visibleToAudience, type ScopeContext, type ScopeShape, type ScopeValues } from '../lib/scope';
import { contentFilters, type ContentFilters } from './content/store';
import { contentTypes, type ContentTypeName } from './content/types';

/** The audiences whose replies are shared: an active member's, an administrator's (and the Network Creator's). */
export type SharedAudience = 'members' | 'moderators';

/** One item the viewer sees beyond their audience, with what listings filter and sort it by. */
export interface ExtraItem {
  type: ContentTypeName;
  id: number;
  /** Its author's screen name, as the `author` filter names them. */
  author: string;
  createdAt: number;
  featuredAt: number | null;
  tags: string[];
}

/** What a viewer sees beyond their audience (see the file's head). */
export interface Extras {
  /** More than MAX_EXTRAS items or comments: then they are not listed, and could show anywhere. */
  many: boolean;
  items: ExtraItem[];
  /** The items on which the viewer reads comments that their audience does not (awaiting approval). */
  commented: { type: string; id: number }[];
  /** Whether an activity event is about an extra item, an extra comment or a comment on an extra item. */
  inActivity: boolean;
}

/** Most extra items, and most extra comments, described one by one. */
export const MAX_EXTRAS = 50;

export const noExtras: Extras = { many: false, items: [], commented: [], inActivity: false };

/** Whether the viewer sees nothing beyond their audience. */
export function none(extras: Extras): boolean {
  return !extras.many && extras.items.length === 0 && extras.commented.length === 0 && !extras.inActivity;
}

/**
 * The viewer's extras. Errs only towards more: a friend's friends-only item counts whether or
 * not it is published yet or approved (it becomes visible without a write when it is due), and
 * an own item scheduled at `now` counts until it is due.
 */
export async function extrasOf(db: Db, networkId: number, viewerId: number, audience: SharedAudience, now: number): Promise<Extras> {
  let items: SelectQueryBuilder<any, any, ItemRow> | undefined;
  for (const [name, { table, publishable }] of Object.entries(contentTypes)) {
    const from = `${table} as x` as 'blog_posts as x';
    const columns = [
      sql.lit(name).as('type'),
      'x.id',
      'a.screen_name',
      'x.created_at',
      'x.featured_at',
    ] as const;
    const own = db
      .selectFrom(from)
      .innerJoin('accounts as a', 'a.id', 'x.author_id')
      .select(columns)
      .where('x.network_id', '=', networkId)
      .where('x.author_id', '=', viewerId)
      .where((eb) => eb.not(visibleToAudience(eb, { alias: 'x', publishable }, audience, now))) as unknown as SelectQueryBuilder<any, any, ItemRow>;
    items = items ? items.unionAll(own) : own;
    // Moderators see every published item whatever its visibility: friendships add nothing.
    if (audience === 'members') {
      // Friendships are written both ways, so the viewer's side names every friend.
      const friends = db
        .selectFrom('friendships as f')
        .innerJoin(from, (join) => join.onRef('x.network_id', '=', 'f.network_id').onRef('x.author_id', '=', 'f.friend_account_id'))
        .innerJoin('accounts as a', 'a.id', 'x.author_id')
        .select(columns)
        .where('f.network_id', '=', networkId)
        .where('f.account_id', '=', viewerId)
        .where('f.state', '=', 'friend')
        // As written, so that the index of friends-only items (migration 0086) serves it.
        .where(sql<SqlBool>`x.visibility = 'friends'`) as unknown as SelectQueryBuilder<any, any, ItemRow>;
      items = items.unionAll(friends);
    }
  }
  // Moderators read every comment; a member also reads their own and those on their items.
  const comments =
    audience === 'members'
      ? db
          .selectFrom('comments as c')
          .select(['c.id', 'c.attached_to_type', 'c.attached_to_id'])
          .where('c.network_id', '=', networkId)
          .where('c.author_id', '=', viewerId)
          // As written, so that the index of comments awaiting approval serves both sides.
          .where('c.approved', '=', sql.lit(0))
          .unionAll(
            db
              .selectFrom('comments as c')
              .select(['c.id', 'c.attached_to_type', 'c.attached_to_id'])
              .where('c.network_id', '=', networkId)
              .where('c.attached_to_author_id', '=', viewerId)
              .where('c.approved', '=', sql.lit(0)),
          )
          .limit(2 * MAX_EXTRAS + 1)
          .execute()
      : Promise.resolve([]);
  const [itemRows, commentRows] = await Promise.all([items!.limit(MAX_EXTRAS + 1).execute(), comments]);
  const commentIds = [...new Set(commentRows.map((c) => Number(c.id)))];
  if (itemRows.length > MAX_EXTRAS || commentIds.length > MAX_EXTRAS) return { many: true, items: [], commented: [], inActivity: true };
  if (itemRows.length === 0 && commentIds.length === 0) return noExtras;

  const extras: ExtraItem[] = [];
  const seen = new Set<string>();
  for (const r of itemRows) {
    const key = `${r.type}:${r.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    extras.push({
      type: r.type,
      id: Number(r.id),
      author: r.screen_name,
      createdAt: Number(r.created_at),
      featuredAt: r.featured_at === null ? null : Number(r.featured_at),
      tags: [],
    });
  }
  const byType = new Map<ContentTypeName, number[]>();
  for (const item of extras) byType.set(item.type, [...(byType.get(item.type) ?? []), item.id]);
  const ofItems = (typeColumn: string, idColumn: string) =>
    [...byType].map(
      ([type, ids]) => sql<SqlBool>`(${sql.ref(typeColumn)} = ${type} and ${sql.ref(idColumn)} in (${sql.join(ids)}))`,
    );

  const tags =
    extras.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('item_tags as t')
          .select(['t.item_type', 't.item_id', 't.value'])
          .where('t.network_id', '=', networkId)
          .where((eb) => eb.or(ofItems('t.item_type', 't.item_id')))
          .execute();
  // An event shows when what it is about shows (activity/store.ts): an item, or a comment
  // readable on a visible item. Those about an extra item, an extra comment or a comment on an
  // extra item may show to this viewer alone.
  const about: Expression<SqlBool>[] = ofItems('e.content_type', 'e.content_id');
  const onExtraItems = ofItems('c.attached_to_type', 'c.attached_to_id');
  const aboutComments: Expression<SqlBool>[] = [];
  if (commentIds.length > 0) aboutComments.push(sql<SqlBool>`e.content_id in (${sql.join(commentIds)})`);
  if (onExtraItems.length > 0) {
    aboutComments.push(sql<SqlBool>`e.content_id in (select c.id from comments c where c.network_id = ${networkId} and (${sql.join(onExtraItems, sql` or `)}))`);
  }
  if (aboutComments.length > 0) about.push(sql<SqlBool>`(e.content_type = 'Comment' and (${sql.join(aboutComments, sql` or `)}))`);
  const events = db
    .selectFrom('activities as e')
    .select(sql.lit(1).as('one'))
    .where('e.network_id', '=', networkId)
    .where((eb) => eb.or(about))
    .limit(1)
    .execute();

  const [tagRows, eventRows] = await Promise.all([tags, events]);
  const byKey = new Map(extras.map((item) => [`${item.type}:${item.id}`, item]));
  for (const t of tagRows) byKey.get(`${t.item_type}:${Number(t.item_id)}`)?.tags.push(t.value);
  const commented = new Map<string, { type: string; id: number }>();
  for (const c of commentRows) commented.set(`${c.attached_to_type}:${c.attached_to_id}`, { type: c.attached_to_type, id: Number(c.attached_to_id) });
  return { many: false, items: extras, commented: [...commented.values()], inActivity: eventRows.length > 0 };
}

interface ItemRow {
  type: ContentTypeName;
  id: number;
  screen_name: string;
  created_at: number;
  featured_at: number | null;
}

/**
 * Whether every viewer of `audience` sees the item of `type` and `id` with `column` at `key`:
 * the row an anchor names, which then lies on its side of the anchor for the whole audience
 * (http/extras-in-reply.ts: `anchorRow`).
 */
export async function audienceSees(
  db: Db,
  networkId: number,
  item: { type: string; id: number; column: 'created_at' | 'featured_at'; key: number },
  audience: SharedAudience,
  now: number,
): Promise<boolean> {
  const type = Object.hasOwn(contentTypes, item.type) ? contentTypes[item.type as ContentTypeName] : undefined;
  if (!type) return false;
  const row = await db
    .selectFrom(`${type.table} as x` as 'blog_posts as x')
    .select(sql.lit(1).as('one'))
    .where('x.network_id', '=', networkId)
    .where('x.id', '=', item.id)
    .where(`x.${item.column}`, '=', item.key)
    .where((eb) => visibleToAudience(eb, { alias: 'x', publishable: type.publishable }, audience, now))
    .executeTakeFirst();
  return row !== undefined;
}

/** What decides the SQL of `countedExtras` (db/prepared.ts). */
interface CountedShape {
  type: ContentTypeName;
  scope: ScopeShape;
  audience: SharedAudience;
  ids: number;
  author: boolean;
  tag: boolean;
  createdAfter: boolean;
}

interface CountedValues extends ScopeValues {
  ids: number[];
  author: string;
  tag: string;
  createdAfter: number;
}

const countedQuery = preparedQuery(
  (db: Db, s: CountedShape, v: CountedValues) => {
    const { table, publishable } = contentTypes[s.type];
    const columns = { alias: 'x', publishable };
    const filters: ContentFilters = {
      ...(s.author && { author: v.author }),
      ...(s.tag && { tag: v.tag }),
      ...(s.createdAfter && { createdAfter: v.createdAfter }),
    };
    return db
      .selectFrom(`${table} as x` as 'blog_posts as x')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('x.network_id', '=', v.networkId)
      .where(oneOfIds(db, 'x.id', v.ids, s.ids))
      .where((eb) =>
        eb.and([
          visibleItem(eb, columns, scopeOf(s.scope, v)),
          eb.not(visibleToAudience(eb, columns, s.audience, v.now)),
          ...contentFilters('x', s.type, v.networkId, filters),
        ]),
      );
  },
  { anyValues: true },
);

/**
 * How many of the viewer's extra items of `type` (`ids`) their count with these filters counts
 * beyond the audience's: those the viewer sees and the audience does not, at `now`, that pass
 * the filters, read as the count reads them (content/store.ts). Extras err towards more; this
 * counts exactly.
 */
export async function countedExtras(
  db: Db,
  scope: ScopeContext,
  audience: SharedAudience,
  type: ContentTypeName,
  ids: number[],
  filters: ContentFilters,
): Promise<number> {
  const list = idList(ids);
  const shape = { type, scope: scopeShape(scope), audience, ids: list.length, author: filters.author !== undefined, tag: filters.tag !== undefined, createdAfter: filters.createdAfter !== undefined };
  const values = { ...scopeValues(scope), ids: list, author: filters.author ?? '', tag: filters.tag ?? '', createdAfter: filters.createdAfter ?? 0 };
  const [row] = await countedQuery(db, shape, values);
  return Number(row!.n);
}

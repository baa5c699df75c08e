// Activity events. Every action that the feed shows calls `recordActivity` inside the same
// transaction as the action itself, so the feed never shows what did not happen and never
// misses what did. Reads filter events by the visibility of what they are about.
import crypto from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { keysetQueries, positionOf, readPageOnce, windowOf, type KeysetOrdering, type Position, type SortKey, type Window } from '../../db/paging';
import { listOf, oneOfIds, preparedQuery } from '../../db/prepared';
import type { KeptRows } from '../../lib/kept-rows';
import { scopeOf, scopeShape, scopeValues, visibleItem, type ScopeContext, type ScopeShape, type ScopeValues } from '../../lib/scope';
import { onVisibleItem } from '../commentable';
import { contentTypes } from '../content/types';
import { readableComment } from '../comments/store';
import type { ActivityItem, ActivityRef } from './schema';

export interface ActivityEvent {
  networkId: number;
  authorId: number;
  /** CreateBlogPost, CreateBlogPostComment, JoinNetwork, StatusUpdate, AddFriend, FeatureBlogPost, ... */
  type: string;
  content?: { type: string; id: number };
  attachedTo?: { type: string; id: number; authorId: number };
  title?: string | null;
  description?: string | null;
  now: number;
}

export async function recordActivity(tx: Tx, event: ActivityEvent): Promise<void> {
  await tx
    .insertInto('activities')
    .values({
      uuid: crypto.randomUUID(),
      network_id: event.networkId,
      author_id: event.authorId,
      type: event.type,
      content_type: event.content?.type ?? null,
      content_id: event.content?.id ?? null,
      attached_to_type: event.attachedTo?.type ?? null,
      attached_to_id: event.attachedTo?.id ?? null,
      attached_to_author_id: event.attachedTo?.authorId ?? null,
      title: event.title ?? null,
      description: event.description ?? null,
      created_at: event.now,
    })
    .execute();
}

/** Removes the events about an item that is being deleted. */
export async function forgetActivityAbout(tx: Tx, type: string, id: number): Promise<void> {
  await tx.deleteFrom('activities').where('content_type', '=', type).where('content_id', '=', id).execute();
  await tx.deleteFrom('activities').where('attached_to_type', '=', type).where('attached_to_id', '=', id).execute();
}

export interface ActivityFilters {
  author?: string;
  type?: string[];
  createdAfter?: number;
}

// The item an event's comment is on: recorded with a Create<Type>Comment event, read from the
// comment itself for events that record only the comment (FeatureComment).
const itemType = sql<string | null>`coalesce(e.attached_to_type, fc.attached_to_type)`;
const itemId = sql<number | null>`coalesce(e.attached_to_id, fc.attached_to_id)`;
const itemAuthorId = sql<number | null>`coalesce(e.attached_to_author_id, fc.attached_to_author_id)`;

/** Events with their author, the item's author, the member a User event names and the photo a Photo event shows. */
function selectEvents(db: Db) {
  return db
    .selectFrom('activities as e')
    .innerJoin('accounts as a', 'a.id', 'e.author_id')
    .leftJoin('comments as fc', (j) => j.onRef('fc.id', '=', 'e.content_id').on('e.content_type', '=', 'Comment'))
    .leftJoin('accounts as o', (j) => j.on(sql<SqlBool>`o.id = ${itemAuthorId}`))
    .leftJoin('members as fm', (j) => j.onRef('fm.id', '=', 'e.content_id').on('e.content_type', '=', 'User'))
    .leftJoin('accounts as fa', 'fa.id', 'fm.account_id')
    .leftJoin('photos as ph', (j) =>
      j.on(sql<SqlBool>`ph.id = case when e.content_type = 'Photo' then e.content_id when ${itemType} = 'Photo' then ${itemId} end`),
    )
    .select([
      'e.id', 'e.uuid', 'e.type', 'e.content_type', 'e.content_id', 'e.title', 'e.description', 'e.created_at',
      'a.screen_name', 'a.full_name', 'a.icon_url',
      'o.screen_name as owner_screen_name', 'o.full_name as owner_full_name', 'o.icon_url as owner_icon_url',
      'fa.screen_name as member_screen_name',
      'ph.id as photo_id', 'ph.image_format', 'ph.image_width', 'ph.image_height',
      itemType.as('item_type'),
      itemId.as('item_id'),
    ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

/**
 * Events whose content the caller may see: an item through the visibility scope of its type,
 * a comment when it is readable and its item visible, a member when active. Events about no
 * content (JoinNetwork, StatusUpdate) are for whoever may read the network, which the
 * endpoints' permission has already checked. An unknown content type shows nothing.
 */
function aboutVisibleContent(eb: ExpressionBuilder<any, any>, scope: ScopeContext): Expression<SqlBool> {
  return eb.or([
    sql<SqlBool>`e.content_type is null`,
    ...Object.entries(contentTypes).map(
      ([name, t]) => sql<SqlBool>`(e.content_type = ${name} and exists (
        select 1 from ${sql.table(t.table)} as x
        where x.id = e.content_id and ${visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope)} ${eventByEvent}))`,
    ),
    sql<SqlBool>`(e.content_type = 'Comment' and exists (
      select 1 from comments c
      where c.id = e.content_id and ${readableComment(eb, 'c', scope)} and ${onVisibleItem(eb, 'c', scope)} ${eventByEvent}))`,
    sql<SqlBool>`(e.content_type = 'User' and exists (
      select 1 from members m where m.id = e.content_id and m.network_id = e.network_id and m.state = 'active' ${eventByEvent}))`,
  ]);
}

/**
 * Ends the subqueries that check an event's content, so that they are checked event by event
 * through the content's primary key. PostgreSQL may otherwise read every row of the content's
 * table that passes (every visible post of every network) and hash them, once per query: it
 * weighs that against checking all the network's events, where a page checks only its first
 * few. It never does so with a subquery that has an offset; SQLite wants a limit before one.
 */
const eventByEvent = sql`limit 1 offset 0`;

/**
 * `query` (events aliased `e`) narrowed to the events of the network the caller may see and,
 * when given, the filters pass. It joins no other table: a page's keys are read from the
 * events alone (see windowQuery).
 */
function scoped<Q extends SelectQueryBuilder<any, any, any>>(query: Q, scope: ScopeContext, filters: ActivityFilters = {}): Q {
  let q = query.where('e.network_id', '=', scope.network.id).where((eb) => aboutVisibleContent(eb, scope));
  if (filters.author !== undefined) q = q.where(sql<SqlBool>`e.author_id in (select id from accounts where screen_name = ${filters.author})`);
  if (filters.type !== undefined) q = q.where('e.type', 'in', filters.type);
  if (filters.createdAfter !== undefined) q = q.where('e.created_at', '>', filters.createdAfter);
  return q as Q;
}

const ref = (type: string | null, id: number | null) => (type === null || id === null ? null : { type, id: Number(id) });

function toItem(networkId: number, r: EventRow): ActivityItem {
  return {
    id: r.id,
    uuid: r.uuid,
    type: r.type,
    content: ref(r.content_type, r.content_id),
    attachedTo: ref(r.item_type, r.item_id),
    title: r.title,
    description: r.description,
    created_at: r.created_at,
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
    attachedToAuthor:
      r.owner_screen_name === null ? null : { screenName: r.owner_screen_name, fullName: r.owner_full_name!, iconUrl: r.owner_icon_url },
    member: r.member_screen_name,
    image:
      r.photo_id === null
        ? null
        : { networkId, photoId: r.photo_id, format: r.image_format!, width: r.image_width!, height: r.image_height! },
  };
}

/** What decides the SQL of a listing or count of events (see db/prepared.ts): the scope's shape and which filters are given. */
interface FeedShape {
  scope: ScopeShape;
  author: boolean;
  /** How many types are asked for, if any. */
  types: number | null;
  createdAfter: boolean;
}

interface FeedValues extends ScopeValues {
  author: string;
  types: string[];
  createdAfter: number;
}

const feedShape = (scope: ScopeContext, filters: ActivityFilters): FeedShape => ({
  scope: scopeShape(scope),
  author: filters.author !== undefined,
  types: filters.type?.length ?? null,
  createdAfter: filters.createdAfter !== undefined,
});

const feedValues = (scope: ScopeContext, filters: ActivityFilters): FeedValues => ({
  ...scopeValues(scope),
  author: filters.author ?? '',
  types: filters.type ?? [],
  createdAfter: filters.createdAfter ?? 0,
});

/** `query` (events aliased `e`) narrowed as the feed of that shape is, with the values (or their slots) put in. */
function feed<Q extends SelectQueryBuilder<any, any, any>>(query: Q, s: FeedShape, v: FeedValues): Q {
  return scoped(query, scopeOf(s.scope, v), {
    ...(s.author && { author: v.author }),
    ...(s.types !== null && { type: listOf(v.types, s.types) }),
    ...(s.createdAfter && { createdAfter: v.createdAfter }),
  });
}

const ordering: KeysetOrdering<EventRow> = { sortColumn: 'e.created_at', idColumn: 'e.id', order: 'desc' };

/** A page's shape: the feed's, the window's direction and side of the anchor; on PostgreSQL, the window's also has the rows it takes, written into its SQL (see windowQuery). */
interface PageShape extends FeedShape {
  forward: boolean;
  side: 'start' | 'after' | 'before';
  take?: number;
}

interface PageValues extends FeedValues {
  key: SortKey;
  id: number;
  take: number;
}

/** The keyset queries of a page of `events` (aliased `e`). */
function pageQueries<Q extends SelectQueryBuilder<any, any, any>>(events: Q, s: PageShape, v: PageValues) {
  return keysetQueries(feed(events, s, v), ordering, s.forward, v.take, positionOf(ordering, s.side, v.key, v.id));
}

// Compiled once per shape: the feed's visibility conditions make a large query, which took
// longer to build and compile per request than SQLite takes to run it. On PostgreSQL it is
// planned once per connection, for any values (db/prepared.ts, `anyValues`): planning its
// visibility conditions on every request cost about 2 ms of CPU. A page reads its window's ids
// and times from the events alone, then the events not kept (lib/kept-rows.ts) by id.
const keysQuery = preparedQuery(
  (db: Db, s: PageShape & { otherSide: boolean }, v: PageValues) =>
    windowOf(pageQueries(db.selectFrom('activities as e').select(['e.id', 'e.created_at']), s, v), s.otherSide),
  { anyValues: true },
);
const otherSideQuery = preparedQuery((db: Db, s: PageShape, v: PageValues) => pageQueries(db.selectFrom('activities as e'), s, v).other!, { anyValues: true });

const eventsQuery = preparedQuery(
  (db: Db, s: { ids: number }, v: { ids: number[] }) => selectEvents(db).where(oneOfIds(db, 'e.id', v.ids, s.ids)),
  { anyValues: true },
);

// A count stays planned for its values, as content counts do (content/store.ts): a plan for
// any values cannot know how few events lie after a date.
const feedCount = preparedQuery((db: Db, s: FeedShape, v: FeedValues) =>
  feed(selectEvents(db), s, v)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/** A page of the events the caller may see, taken from those kept when they are: shared with other reads, to present, not change. */
export async function listActivity(db: Db, scope: ScopeContext, filters: ActivityFilters, count: number, position: Position, kept: KeptRows) {
  const shape = feedShape(scope, filters);
  const values = feedValues(scope, filters);
  const shapeOf = (w: Window): PageShape => ({ ...shape, forward: w.forward, side: w.side });
  const valuesOf = (w: Window): PageValues => ({ ...values, key: w.key, id: w.id, take: w.take });
  // From an anchor, the window and its other side's check in one statement (db/paging.ts: readPageOnce).
  const keys = await readPageOnce(
    ordering,
    count,
    position,
    (w, otherSide) => keysQuery(db, { ...shapeOf(w), otherSide }, valuesOf(w)) as Promise<EventRow[]>,
    (w) => otherSideQuery(db, shapeOf(w), valuesOf(w)),
  );
  return kept.page(scope.network.id, 'Activity', scope.now, keys, async (ids) =>
    (await eventsQuery(db, { ids: ids.length }, { ids })).map((row) => toItem(scope.network.id, row)),
  );
}

export async function countActivity(db: Db, scope: ScopeContext, filters: ActivityFilters): Promise<number> {
  const [row] = await feedCount(db, feedShape(scope, filters), feedValues(scope, filters));
  return Number(row!.n);
}

/** The events named by `refs` that the caller may see, in the order asked; others are absent. */
export async function getActivity(db: Db, scope: ScopeContext, refs: ActivityRef[]): Promise<ActivityItem[]> {
  // A numeric id names an event of its own network only.
  const here = refs.filter((r) => 'uuid' in r || r.networkId === scope.network.id);
  const uuids = here.flatMap((r) => ('uuid' in r ? [r.uuid] : []));
  const ids = here.flatMap((r) => ('id' in r ? [r.id] : []));
  if (here.length === 0) return [];
  const rows = await scoped(selectEvents(db), scope)
    .where((eb) => eb.or([...(uuids.length ? [eb('e.uuid', 'in', uuids)] : []), ...(ids.length ? [eb('e.id', 'in', ids)] : [])]))
    .execute();
  const found = (r: ActivityRef) => rows.find((row) => ('uuid' in r ? row.uuid === r.uuid : row.id === r.id));
  return [...new Set(here.flatMap((r) => found(r) ?? []))].map((row) => toItem(scope.network.id, row));
}

export async function deleteActivity(db: Db | Tx, id: number): Promise<void> {
  await db.deleteFrom('activities').where('id', '=', id).execute();
}

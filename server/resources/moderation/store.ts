// The moderation queue: one listing over every table that holds something awaiting approval,
// a UNION ALL of one small branch per type, paged like any listing. Rows of different tables
// share ids, so each row's tie-breaking key folds its type's position into the id.
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { keysetPage, type Position } from '../../db/paging';
import { moderatableTypes } from './registry';

/** Every type in the queue: the content types, then pending members. */
export const queueTypes = [...Object.keys(moderatableTypes), 'User'];
// More types than this would make the folded keys of two rows collide.
const KEY_STRIDE = 64;

export interface QueueRow {
  type: string;
  item_id: number;
  queue_key: number;
  author_id: number;
  created_at: number;
  title: string | null;
  description: string | null;
  attached_to_type: string | null;
  attached_to_id: number | null;
  screen_name: string;
  full_name: string;
  icon_url: string | null;
  /** Photos: the stored format, for the thumbnail's address. */
  image_format: string | null;
  /** Videos: the host and the video's id there, for its preview frame. */
  video_host: string | null;
  video_id: string | null;
}

function branch(db: Kysely<any>, networkId: number, type: string) {
  const key = (column: string) => sql<number>`${sql.ref(column)} * ${sql.lit(KEY_STRIDE)} + ${sql.lit(queueTypes.indexOf(type))}`;
  const text = (column: string | false) => (column ? sql`${sql.ref(column)}` : sql`cast(null as text)`);
  const columns = (c: { id: string; author: string; title?: string; description?: string; attached?: boolean }) => [
    sql.lit(type).as('type'),
    sql.ref(c.id).as('item_id'),
    key(c.id).as('queue_key'),
    sql.ref(c.author).as('author_id'),
    sql.ref('x.created_at').as('created_at'),
    (c.title ? sql`${sql.ref(c.title)}` : sql`cast(null as text)`).as('title'),
    (c.description ? sql`${sql.ref(c.description)}` : sql`cast(null as text)`).as('description'),
    (c.attached ? sql`x.attached_to_type` : sql`cast(null as text)`).as('attached_to_type'),
    (c.attached ? sql`x.attached_to_id` : sql`cast(null as bigint)`).as('attached_to_id'),
    text(type === 'Photo' && 'x.image_format').as('image_format'),
    text(type === 'Video' && 'x.host').as('video_host'),
    text(type === 'Video' && 'x.host_video_id').as('video_id'),
  ];
  if (type === 'User') {
    return db
      .selectFrom('members as x')
      .select(columns({ id: 'x.id', author: 'x.account_id' }))
      .where('x.network_id', '=', networkId)
      .where('x.state', '=', 'pending');
  }
  const t = moderatableTypes[type]!;
  let q = db
    .selectFrom(`${t.table} as x`)
    .select(columns({ id: 'x.id', author: 'x.author_id', title: t.title && `x.${t.title}`, description: 'x.description', attached: t.attached }))
    .where('x.network_id', '=', networkId)
    // As written, so that the item's index of what awaits approval (`approved = 0`) serves it.
    .where('x.approved', '=', sql.lit(0));
  // Through a cast, which no index serves, so that the index of what awaits approval is read
  // rather than that of posts by status and time (every published post).
  if (t.publishable) q = q.where(sql<SqlBool>`cast(x.publish_status as text) = 'publish'`);
  return q;
}

function queue(db: Db, networkId: number, types: string[]) {
  const any = db as unknown as Kysely<any>;
  const union = types.map((type) => branch(any, networkId, type)).reduce((all, next) => all.unionAll(next));
  return any
    .selectFrom(union.as('q'))
    .innerJoin('accounts as a', 'a.id', 'q.author_id')
    .select([
      'q.type', 'q.item_id', 'q.queue_key', 'q.author_id', 'q.created_at', 'q.title', 'q.description',
      'q.attached_to_type', 'q.attached_to_id', 'a.screen_name', 'a.full_name', 'a.icon_url', 'q.image_format', 'q.video_host', 'q.video_id',
    ]) as SelectQueryBuilder<any, any, QueueRow>;
}

/** What awaits approval, newest first (or the longest waiting first). */
export function listQueue(db: Db, networkId: number, types: string[], order: 'newest' | 'oldest', count: number, position: Position) {
  const ordering = { sortColumn: 'q.created_at', idColumn: 'q.queue_key', order: order === 'newest' ? 'desc' : 'asc' } as const;
  return keysetPage(queue(db, networkId, types), ordering, count, position);
}

export async function countQueue(db: Db, networkId: number, types: string[]): Promise<number> {
  const row = await queue(db, networkId, types)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

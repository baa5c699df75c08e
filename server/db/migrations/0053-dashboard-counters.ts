// Counters for the administrators' dashboard, kept by triggers in the transaction of every
// write, so the dashboard reads a few dozen small rows however big the network grows:
// - stat_daily: per network, UTC day (epoch days) and kind (members, posts, comments, photos),
//   how many were created that day and still exist;
// - stat_daily_authors: per network, day and member, the posts, comments and photos they wrote;
// - stat_tags: per network and tag, how many items carry it.
// Triggers cover every path that writes these tables (the service, imports, deletions that
// cascade), and the rows already there are counted once, here.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

const DAY_MS = 86_400_000;
/** Counted tables: the kind each row counts as, and whether it has an author to credit. */
const COUNTED = [
  { table: 'members', kind: 'members', author: false },
  { table: 'blog_posts', kind: 'posts', author: true },
  { table: 'comments', kind: 'comments', author: true },
  { table: 'photos', kind: 'photos', author: true },
] as const;

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stat_daily')
    .addColumn('network_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_daily_key', ['network_id', 'day', 'kind'])
    .execute();
  await db.schema
    .createTable('stat_daily_authors')
    .addColumn('network_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_daily_authors_key', ['network_id', 'day', 'account_id'])
    .execute();
  await db.schema
    .createTable('stat_tags')
    .addColumn('network_id', 'bigint', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_tags_key', ['network_id', 'value'])
    .execute();
  await db.schema.createIndex('stat_tags_most_used').on('stat_tags').columns(['network_id', 'n']).execute();

  // What is there already.
  for (const t of COUNTED) {
    await sql`insert into stat_daily (network_id, day, kind, n)
      select network_id, created_at / ${sql.lit(DAY_MS)}, ${sql.lit(t.kind)}, count(*) from ${sql.table(t.table)}
      group by network_id, created_at / ${sql.lit(DAY_MS)}`.execute(db);
  }
  await sql`insert into stat_daily_authors (network_id, day, account_id, n)
    select network_id, day, author_id, count(*) from (
      select network_id, created_at / ${sql.lit(DAY_MS)} as day, author_id from blog_posts
      union all select network_id, created_at / ${sql.lit(DAY_MS)}, author_id from comments
      union all select network_id, created_at / ${sql.lit(DAY_MS)}, author_id from photos) w
    group by network_id, day, author_id`.execute(db);
  await sql`insert into stat_tags (network_id, value, n) select network_id, value, count(*) from item_tags group by network_id, value`.execute(db);

  if (ctx.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function postgresTriggers(db: Kysely<any>) {
  await sql.raw(`create function stat_count() returns trigger language plpgsql as $$
    declare r record; delta int;
    begin
      if TG_OP = 'INSERT' then r := NEW; delta := 1; else r := OLD; delta := -1; end if;
      insert into stat_daily as s (network_id, day, kind, n) values (r.network_id, r.created_at / ${DAY_MS}, TG_ARGV[0], delta)
        on conflict (network_id, day, kind) do update set n = s.n + delta;
      if TG_ARGV[1] = 'author' then
        insert into stat_daily_authors as s (network_id, day, account_id, n) values (r.network_id, r.created_at / ${DAY_MS}, r.author_id, delta)
          on conflict (network_id, day, account_id) do update set n = s.n + delta;
      end if;
      return null;
    end $$`).execute(db);
  await sql.raw(`create function stat_tag_count() returns trigger language plpgsql as $$
    declare r record; delta int;
    begin
      if TG_OP = 'INSERT' then r := NEW; delta := 1; else r := OLD; delta := -1; end if;
      insert into stat_tags as s (network_id, value, n) values (r.network_id, r.value, delta)
        on conflict (network_id, value) do update set n = s.n + delta;
      return null;
    end $$`).execute(db);
  for (const t of COUNTED) {
    await sql
      .raw(`create trigger stat_${t.table} after insert or delete on ${t.table} for each row execute function stat_count('${t.kind}', '${t.author ? 'author' : ''}')`)
      .execute(db);
  }
  await sql.raw('create trigger stat_item_tags after insert or delete on item_tags for each row execute function stat_tag_count()').execute(db);
}

async function sqliteTriggers(db: Kysely<any>) {
  const bump = (table: string, key: Record<string, string>, delta: string) => {
    const columns = Object.keys(key);
    const where = columns.map((c) => `${c} = ${key[c]}`).join(' and ');
    return `insert or ignore into ${table} (${columns.join(', ')}, n) values (${columns.map((c) => key[c]).join(', ')}, 0);
      update ${table} set n = n ${delta} where ${where};`;
  };
  for (const t of COUNTED) {
    for (const [event, row, delta] of [['insert', 'new', '+ 1'], ['delete', 'old', '- 1']] as const) {
      const day = `${row}.created_at / ${DAY_MS}`;
      const body = [
        bump('stat_daily', { network_id: `${row}.network_id`, day, kind: `'${t.kind}'` }, delta),
        t.author ? bump('stat_daily_authors', { network_id: `${row}.network_id`, day, account_id: `${row}.author_id` }, delta) : '',
      ].join('\n');
      await sql.raw(`create trigger stat_${t.table}_${event} after ${event} on ${t.table} begin ${body} end`).execute(db);
    }
  }
  for (const [event, row, delta] of [['insert', 'new', '+ 1'], ['delete', 'old', '- 1']] as const) {
    const body = bump('stat_tags', { network_id: `${row}.network_id`, value: `${row}.value` }, delta);
    await sql.raw(`create trigger stat_item_tags_${event} after ${event} on item_tags begin ${body} end`).execute(db);
  }
}

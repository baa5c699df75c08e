// Tag counts per audience, kept by triggers in the transaction of every write, so the tag
// cloud reads a few rows of a small table however big the network grows, instead of counting
// every tagged item on a network.
//
// tag_audience_counts: per network, audience, content type ('' for all types) and tag, how
// many items carry the tag that every viewer of the audience sees (scope.ts:
// `visibleToAudience`), leaving time aside: a scheduled post is counted from the moment it is
// written, and the reader takes away the few posts still scheduled (tags/store.ts), so a post
// counts the very moment it becomes due without any write.
//
// What an item shows to the audiences is its level, and the audiences nest:
//   0  a draft: nobody's
//   1  published, but held for approval or restricted (friends, me): the moderators'
//   2  published, approved, for members: the members' and the moderators'
//   3  published, approved, for anyone: the public's, the members' and the moderators'
// Triggers cover every path that writes items or their tags (the service, imports, deletions
// that cascade): a tag counts by its item's level when either is written, and an item whose
// level changes moves its tags. The rows already there are counted once, here; a scheduled
// post gets an index, read at every count.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/** The content types (content/types.ts, as they are now) and the tables that hold them. */
const TYPES = [
  { type: 'BlogPost', table: 'blog_posts', publishable: true },
  { type: 'Photo', table: 'photos', publishable: false },
  { type: 'Topic', table: 'forum_topics', publishable: false },
  { type: 'Video', table: 'videos', publishable: false },
] as const;

/** Each audience and the least level it sees. */
const AUDIENCES = `(select 'moderators' as audience, 1 as lowest union all select 'members', 2 union all select 'public', 3)`;
/** A row counts under its own type and under all types (''). */
const KEYS = `(select 0 as all_types union all select 1)`;

/** The level of the item `r` (a row or an alias), in SQL. */
function level(r: string, publishable: boolean): string {
  const shown = `case when ${r}.approved = 1 and ${r}.visibility = 'all' then 3 when ${r}.approved = 1 and ${r}.visibility = 'members' then 2 else 1 end`;
  return publishable ? `case when ${r}.publish_status = 'publish' then ${shown} else 0 end` : `(${shown})`;
}

/**
 * Adds `delta` to the counts of each (network, tag, level) the query `rows` gives (columns
 * network_id, value, item_type, lvl), under every audience that sees the level.
 */
function add(rows: string, delta: string, dialect: MigrationContext['dialect']): string {
  const counted = dialect === 'postgres' ? 'c' : 'tag_audience_counts';
  return `insert into tag_audience_counts ${dialect === 'postgres' ? 'as c ' : ''}(network_id, audience, item_type, value, n)
    select s.network_id, a.audience, case when k.all_types = 1 then '' else s.item_type end, s.value, ${delta}
    from (${rows}) s, ${AUDIENCES} a, ${KEYS} k
    where s.lvl >= a.lowest
    on conflict (network_id, audience, item_type, value) do update set n = ${counted}.n + excluded.n`;
}

/** The tag `r` (a row of item_tags) with its item's level, when its item exists. */
const tagOf = (r: string, t: (typeof TYPES)[number]) =>
  `select ${r}.network_id, ${r}.value, ${r}.item_type, ${level('x', t.publishable)} as lvl from ${t.table} x where x.id = ${r}.item_id and ${r}.item_type = '${t.type}'`;
/** The tags of the item `r` (a row of an item table), at its level. */
const tagsOf = (r: string, t: (typeof TYPES)[number]) =>
  `select ${r}.network_id, i.value, i.item_type, ${level(r, t.publishable)} as lvl from item_tags i where i.item_type = '${t.type}' and i.item_id = ${r}.id`;

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tag_audience_counts')
    .addColumn('network_id', 'bigint', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_audience_counts_key', ['network_id', 'audience', 'item_type', 'value'])
    .execute();
  // Most used first, ties by tag, as the cloud lists them.
  await db.schema
    .createIndex('tag_audience_counts_most_used')
    .on('tag_audience_counts')
    .columns(['network_id', 'audience', 'item_type', 'n desc', 'value'])
    .execute();
  // The posts still scheduled, read at every count (and when the next becomes due).
  await db.schema.createIndex('blog_posts_scheduled').on('blog_posts').columns(['network_id', 'publish_status', 'publish_time']).execute();

  await countTags(db);
  if (ctx.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Counts the tags of the items there are (into an empty table). */
export async function countTags(db: Kysely<any>) {
  const tagged = TYPES.map((t) => `select i.network_id, i.value, i.item_type, ${level('x', t.publishable)} as lvl
    from item_tags i join ${t.table} x on x.id = i.item_id where i.item_type = '${t.type}'`).join(' union all ');
  await sql
    .raw(`insert into tag_audience_counts (network_id, audience, item_type, value, n)
    select s.network_id, a.audience, case when k.all_types = 1 then '' else s.item_type end, s.value, count(*)
    from (${tagged}) s, ${AUDIENCES} a, ${KEYS} k
    where s.lvl >= a.lowest
    group by s.network_id, a.audience, case when k.all_types = 1 then '' else s.item_type end, s.value`)
    .execute(db);
}

/** The columns an item's level is made of. */
const levelColumns = (t: (typeof TYPES)[number]) => (t.publishable ? 'publish_status, approved, visibility' : 'approved, visibility');

async function postgresTriggers(db: Kysely<any>) {
  const tagBody = (r: 'OLD' | 'NEW', delta: string) => TYPES.map((t) => `${add(tagOf(r, t), delta, 'postgres')};`).join('\n');
  await sql
    .raw(`create function tag_audience_count_tag() returns trigger language plpgsql as $$
    begin
      if TG_OP in ('DELETE', 'UPDATE') then ${tagBody('OLD', '-1')} end if;
      if TG_OP in ('INSERT', 'UPDATE') then ${tagBody('NEW', '1')} end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger tag_audience_counts_tags after insert or delete or update of network_id, item_type, item_id, value on item_tags
      for each row execute function tag_audience_count_tag()`)
    .execute(db);
  for (const t of TYPES) {
    await sql
      .raw(`create function tag_audience_count_${t.table}() returns trigger language plpgsql as $$
      begin
        if TG_OP in ('DELETE', 'UPDATE') then ${add(tagsOf('OLD', t), '-1', 'postgres')}; end if;
        if TG_OP in ('INSERT', 'UPDATE') then ${add(tagsOf('NEW', t), '1', 'postgres')}; end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(`create trigger tag_audience_counts_items after insert or delete on ${t.table} for each row execute function tag_audience_count_${t.table}()`)
      .execute(db);
    await sql
      .raw(`create trigger tag_audience_counts_levels after update of network_id, ${levelColumns(t)} on ${t.table} for each row
        when (OLD.network_id <> NEW.network_id or ${level('OLD', t.publishable)} <> ${level('NEW', t.publishable)})
        execute function tag_audience_count_${t.table}()`)
      .execute(db);
  }
}

async function sqliteTriggers(db: Kysely<any>) {
  for (const t of TYPES) {
    const tag = (r: 'old' | 'new', delta: string) => `${add(tagOf(r, t), delta, 'sqlite')};`;
    await sql.raw(`create trigger tag_audience_counts_tag_in_${t.table} after insert on item_tags when new.item_type = '${t.type}' begin ${tag('new', '1')} end`).execute(db);
    await sql.raw(`create trigger tag_audience_counts_tag_out_${t.table} after delete on item_tags when old.item_type = '${t.type}' begin ${tag('old', '-1')} end`).execute(db);
    await sql
      .raw(`create trigger tag_audience_counts_tag_moved_${t.table} after update of network_id, item_type, item_id, value on item_tags
        when old.item_type = '${t.type}' or new.item_type = '${t.type}'
        begin
          ${add(`${tagOf('old', t)}`, '-1', 'sqlite')};
          ${add(`${tagOf('new', t)}`, '1', 'sqlite')};
        end`)
      .execute(db);
    const items = (r: 'old' | 'new', delta: string) => `${add(tagsOf(r, t), delta, 'sqlite')};`;
    await sql.raw(`create trigger tag_audience_counts_${t.table}_in after insert on ${t.table} begin ${items('new', '1')} end`).execute(db);
    await sql.raw(`create trigger tag_audience_counts_${t.table}_out after delete on ${t.table} begin ${items('old', '-1')} end`).execute(db);
    await sql
      .raw(`create trigger tag_audience_counts_${t.table}_level after update of network_id, ${levelColumns(t)} on ${t.table}
        when old.network_id <> new.network_id or ${level('old', t.publishable)} <> ${level('new', t.publishable)}
        begin ${items('old', '-1')} ${items('new', '1')} end`)
      .execute(db);
  }
}

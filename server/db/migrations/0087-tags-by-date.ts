// Each tag carries its item's created_at, so that a listing of a tag's items newest first walks
// the tag's entries in that order and stops after a page (content/store.ts): read through the
// items' own index, it read every item carrying the tag and sorted them before it took a page,
// 600 rows for a tag on 600 posts, 50,000 for one on 50,000. The index of tags by value gets
// the date before the item's id, and serves every read the one it replaces did.
//
// The copy is kept by triggers, so every path that writes tags stays right (the service,
// the benchmark's loaders, imports): a tag takes its item's date when it is written (after its
// item, on every path), and an item whose date changes passes it on to its tags. No path
// changes an item's date today; the trigger keeps the copy right if one ever does.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

/** The content types (content/types.ts, as they are now) and the tables that hold them. */
const TYPES = [
  { type: 'BlogPost', table: 'blog_posts' },
  { type: 'Photo', table: 'photos' },
  { type: 'Topic', table: 'forum_topics' },
  { type: 'Video', table: 'videos' },
] as const;

/** The created_at of the item the tag `r` (a row of item_tags) is on, in SQL. */
export const dateOf = (r: string) =>
  `case ${r}.item_type ${TYPES.map((t) => `when '${t.type}' then (select x.created_at from ${t.table} x where x.id = ${r}.item_id)`).join(' ')} end`;

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  // Null only for a tag whose item does not exist, which no listing reads.
  await db.schema.alterTable('item_tags').addColumn('created_at', 'bigint').execute();
  await sql.raw(`update item_tags set created_at = ${dateOf('item_tags')}`).execute(db);
  await db.schema.createIndex('item_tags_by_date').on('item_tags').columns(['network_id', 'item_type', 'value', 'created_at', 'item_id']).execute();
  await db.schema.dropIndex('item_tags_by_value').execute();
  if (ctx.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function postgresTriggers(db: Kysely<any>) {
  await sql
    .raw(`create function item_tag_created_at() returns trigger language plpgsql as $$
    begin
      NEW.created_at := ${dateOf('NEW')};
      return NEW;
    end $$`)
    .execute(db);
  await sql
    .raw('create trigger item_tags_created_at before insert or update of item_type, item_id on item_tags for each row execute function item_tag_created_at()')
    .execute(db);
  // The item's type name is the trigger's argument.
  await sql
    .raw(`create function item_created_at_moved() returns trigger language plpgsql as $$
    begin
      update item_tags set created_at = NEW.created_at where item_type = TG_ARGV[0] and item_id = NEW.id;
      return null;
    end $$`)
    .execute(db);
  for (const t of TYPES) {
    await sql
      .raw(`create trigger item_tags_created_at after update of created_at on ${t.table} for each row
        when (OLD.created_at <> NEW.created_at) execute function item_created_at_moved('${t.type}')`)
      .execute(db);
  }
}

/** On SQLite, which cannot change the row a trigger is written for: gives the tag `r`, written, its item's date. */
export const dated = (r: 'new') => `update item_tags set created_at = ${dateOf(r)}
    where item_type = ${r}.item_type and item_id = ${r}.item_id and value = ${r}.value;`;

async function sqliteTriggers(db: Kysely<any>) {
  await sql.raw(`create trigger item_tags_created_at_in after insert on item_tags begin ${dated('new')} end`).execute(db);
  await sql.raw(`create trigger item_tags_created_at_moved after update of item_type, item_id on item_tags begin ${dated('new')} end`).execute(db);
  for (const t of TYPES) {
    await sql
      .raw(`create trigger item_tags_created_at_${t.table} after update of created_at on ${t.table} when old.created_at is not new.created_at
        begin update item_tags set created_at = new.created_at where item_type = '${t.type}' and item_id = new.id; end`)
      .execute(db);
  }
}

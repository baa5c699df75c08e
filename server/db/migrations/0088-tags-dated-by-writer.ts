// A tag written with its item's date is not written a second time. On SQLite, where a trigger
// cannot change the row it fires for, migration 0087's trigger updated every new tag with its
// item's date: one more write per tag, its entry in the index by date moved. It now updates
// only a tag whose date is not its item's (none given, or a wrong one), so the writers that
// know the date (the service, creating an item or replacing its tags, and the benchmark's
// loader) spare the database that write, and the copy stays right whatever a writer gives.
// PostgreSQL's trigger sets the date before the row is written, which costs no write, and
// stays as it is.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';
import { dateOf, dated } from './0087-tags-by-date';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') return;
  await sql.raw('drop trigger item_tags_created_at_in').execute(db);
  await sql
    .raw(`create trigger item_tags_created_at_in after insert on item_tags when new.created_at is not (${dateOf('new')}) begin ${dated('new')} end`)
    .execute(db);
}

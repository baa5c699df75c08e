// Full-text search of posts, forum topics, photos and members, in each database's own engine:
// an FTS5 table on SQLite (rowid = item id × 4 + kind), a table of tsvectors with a GIN
// index on PostgreSQL. The write transactions keep it up to date (resources/search/index.ts);
// this fills it with what is already there.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';
import { reindexAll } from '../../resources/search/indexing';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'sqlite') {
    await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  } else {
    await db.schema
      .createTable('search_documents')
      .addColumn('kind', 'smallint', (c) => c.notNull())
      .addColumn('item_id', 'bigint', (c) => c.notNull())
      .addColumn('network_id', 'bigint', (c) => c.notNull())
      .addColumn('tsv', sql`tsvector`, (c) => c.notNull())
      .addPrimaryKeyConstraint('search_documents_pk', ['kind', 'item_id'])
      .execute();
    await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
  }
  await reindexAll(db);
}

// The forum (categories and their topics) and videos linked from a known video host.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  // `Alpha` listings sort on a lower-cased title compared byte by byte, so both databases
  // page through the same order whatever collation PostgreSQL was set up with.
  const sortKey = (c: ColumnDefinitionBuilder) => (ctx.dialect === 'postgres' ? c.modifyFront(sql`collate "C"`) : c).notNull();

  await idColumn(db.schema.createTable('forum_categories'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', sortKey)
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_categories_recent').on('forum_categories').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('forum_categories_alpha').on('forum_categories').columns(['network_id', 'title_key', 'id']).execute();

  await idColumn(db.schema.createTable('forum_topics'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('category_id', 'bigint', (c) => c.references('forum_categories.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', sortKey)
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_topics_recent').on('forum_topics').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('forum_topics_alpha').on('forum_topics').columns(['network_id', 'title_key', 'id']).execute();
  await db.schema
    .createIndex('forum_topics_by_category')
    .on('forum_topics')
    .columns(['network_id', 'category_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('forum_topics_featured').on('forum_topics').columns(['network_id', 'featured_at', 'id']).execute();

  await idColumn(db.schema.createTable('videos'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('host_video_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_recent').on('videos').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('videos_by_author').on('videos').columns(['network_id', 'author_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('videos_featured').on('videos').columns(['network_id', 'featured_at', 'id']).execute();
}

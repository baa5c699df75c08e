// The activity feed: one event per recorded action, written in the action's transaction.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('activities'), ctx)
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('content_id', 'bigint')
    .addColumn('attached_to_type', 'text')
    .addColumn('attached_to_id', 'bigint')
    .addColumn('attached_to_author_id', 'bigint')
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_recent').on('activities').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('activities_by_content').on('activities').columns(['content_type', 'content_id']).execute();
}

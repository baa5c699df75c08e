// The audit log: every administrative act (who, what, when, on which item, from which
// address), written in the transaction of the act itself and never deleted automatically.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('audit_log'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'bigint')
    .addColumn('item_title', 'text')
    .addColumn('detail', 'text')
    .addColumn('address', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_recent').on('audit_log').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_actor').on('audit_log').columns(['network_id', 'actor_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_type').on('audit_log').columns(['network_id', 'item_type', 'created_at', 'id']).execute();
}

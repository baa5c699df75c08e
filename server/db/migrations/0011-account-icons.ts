// Members' uploaded icons: one square image per account, in the database like photos, so
// every server instance serves it. A new upload replaces the old one.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('account_icons')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('bytes', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

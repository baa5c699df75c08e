// Password resets: every request for a reset link (counted per address, for the limit) and
// the one-time token it issued, stored only as a hash.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('password_resets'), ctx)
    .addColumn('account_id', 'bigint', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_address').on('password_resets').columns(['address', 'created_at']).execute();
  await db.schema.createIndex('password_resets_account').on('password_resets').columns(['account_id', 'created_at']).execute();
}

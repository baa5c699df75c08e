// Personal access tokens: a member's bearer tokens for scripts, bound to one network and
// stored only as a hash of the token.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('access_tokens'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('access_tokens_owner').on('access_tokens').columns(['network_id', 'account_id']).execute();
}

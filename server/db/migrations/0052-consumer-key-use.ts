// OAuth consumers remember when they last signed a request (written at most once a minute),
// for the Network Creator's list of API keys.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('oauth_consumers').addColumn('last_used_at', 'bigint').execute();
}

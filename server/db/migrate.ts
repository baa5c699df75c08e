// Applies pending migrations; throws with the failing migration's error.
import { Migrator, sql } from 'kysely';
import type { SecretBox } from '../lib/secret-box';
import type { Db, Dialect } from './database';
import { migrationsFor } from './migrations';
import { checkSecretsKey } from './sealed-secrets';

/** Runs the pending migrations, then checks `secrets` opens the secrets the database holds. */
export async function migrateToLatest(db: Db, dialect: Dialect, secrets: SecretBox): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor({ dialect, secrets }) },
    // Migrations written side by side land in any order; each is named by its number, and one
    // that arrives after a later-numbered one has run still runs once.
    allowUnorderedMigrations: true,
    // Kysely looks for its own tables in every schema unless told which one; name ours, or
    // a database that holds other schemas (several deployments, parallel tests) fools it.
    migrationTableSchema: dialect === 'postgres' ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
  await checkSecretsKey(db, secrets);
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

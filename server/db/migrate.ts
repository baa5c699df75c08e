// Applies pending migrations; throws with the failing migration's error.
import { Migrator } from 'kysely';
import type { Db, Dialect } from './database';
import { migrationsFor } from './migrations';

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor({ dialect }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

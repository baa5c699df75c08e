// The few places where the schema builder needs to know the dialect.
import type { CreateTableBuilder } from 'kysely';
import type { SecretBox } from '../../lib/secret-box';
import type { Dialect } from '../database';

export interface MigrationContext {
  dialect: Dialect;
  /** Seals the secrets a migration encrypts. */
  secrets: SecretBox;
}

/** An auto-incrementing integer primary key named `id`. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, ctx: MigrationContext) {
  return ctx.dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

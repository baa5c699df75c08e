// Every migration in order. Kysely records which ran; each runs once, at start, under a lock
// so several server instances can start together on one PostgreSQL database.
import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from './helpers';
import * as foundation from './0001-foundation';
import * as activity from './0002-activity';

type Step = { up(db: Kysely<any>, ctx: MigrationContext): Promise<void> };

const steps: Record<string, Step> = {
  '0001-foundation': foundation,
  '0002-activity': activity,
};

export function migrationsFor(ctx: MigrationContext): Record<string, Migration> {
  return Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, { up: (db) => step.up(db, ctx) }]));
}

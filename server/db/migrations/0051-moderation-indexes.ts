// The moderation queue and its count read only what awaits approval: small partial indexes
// on the content tables that 0004 left without one, so neither scans a table.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  for (const table of ['photos', 'videos', 'forum_topics']) {
    await db.schema
      .createIndex(`${table}_unapproved`)
      .on(table)
      .columns(['network_id', 'created_at', 'id'])
      .where(sql.ref('approved'), '=', 0)
      .execute();
  }
}

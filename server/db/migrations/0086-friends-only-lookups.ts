// A member's friends' friends-only items, which a member sees beyond what every member sees
// (their tag counts, and whether their replies can be shared): read through an index of those
// items alone, a few among all their friends write.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

const TABLES = ['blog_posts', 'photos', 'forum_topics', 'videos'];

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .createIndex(`${table}_friends_only`)
      .on(table)
      .columns(['network_id', 'author_id'])
      .where(sql.ref('visibility'), '=', sql.lit('friends'))
      .execute();
  }
}

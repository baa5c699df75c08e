// A member's forum topics, found by author as their blog posts, photos and videos are (the
// tag counts read a caller's own items beyond what their audience sees).
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createIndex('forum_topics_by_author').on('forum_topics').columns(['network_id', 'author_id', 'created_at', 'id']).execute();
}

// Indexes for the activity feed's other lookups: removing the events about a deleted item's
// comments (by the item they are attached to) and filtering the feed by author.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activities_by_attached').on('activities').columns(['attached_to_type', 'attached_to_id']).execute();
  await db.schema.createIndex('activities_by_author').on('activities').columns(['network_id', 'author_id', 'created_at']).execute();
}

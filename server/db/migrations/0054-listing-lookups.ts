// What a page of items reads besides the items, from an index alone: each item's number of
// approved comments (no comment row is read to check its approval), and its tags in the
// order they were given (no sort).
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createIndex('comments_counted').on('comments').columns(['attached_to_type', 'attached_to_id', 'approved']).execute();
  await db.schema.createIndex('item_tags_in_order').on('item_tags').columns(['item_type', 'item_id', 'position', 'value']).execute();
}

// Photos and their image bytes. The bytes of every display size live in the database (blob
// on SQLite, bytea on PostgreSQL) so that several server instances serve the same images.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('photos'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('featured_at', 'bigint')
    .addColumn('image_format', 'text', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_recent').on('photos').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('photos_by_author').on('photos').columns(['network_id', 'author_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('photos_featured').on('photos').columns(['network_id', 'featured_at', 'id']).execute();

  await db.schema
    .createTable('photo_images')
    .addColumn('photo_id', 'bigint', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_images_pk', ['photo_id', 'size'])
    .execute();
}

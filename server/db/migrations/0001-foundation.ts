// Networks, accounts and memberships, friendships, blog posts, comments, tags, sessions and
// OAuth: everything the foundation reads and writes.
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('networks')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text')
    .addColumn('owner_account_id', 'bigint')
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blog_post_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_moderation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('accounts'), ctx)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('screen_name', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('members'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('members_network_account', ['network_id', 'account_id'])
    .execute();
  await db.schema.createIndex('members_recent').on('members').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('members_featured').on('members').columns(['network_id', 'featured_at', 'id']).execute();

  await db.schema
    .createTable('friendships')
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('friend_account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['network_id', 'account_id', 'friend_account_id'])
    .execute();
  await db.schema
    .createIndex('friendships_recent')
    .on('friendships')
    .columns(['network_id', 'account_id', 'state', 'updated_at'])
    .execute();

  await idColumn(db.schema.createTable('blog_posts'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('publish_status', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'bigint', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_recent').on('blog_posts').columns(['network_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('blog_posts_by_author')
    .on('blog_posts')
    .columns(['network_id', 'author_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('blog_posts_featured').on('blog_posts').columns(['network_id', 'featured_at', 'id']).execute();

  await idColumn(db.schema.createTable('comments'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('attached_to_type', 'text', (c) => c.notNull())
    .addColumn('attached_to_id', 'bigint', (c) => c.notNull())
    .addColumn('attached_to_author_id', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_by_item')
    .on('comments')
    .columns(['attached_to_type', 'attached_to_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_featured').on('comments').columns(['network_id', 'featured_at', 'id']).execute();

  await db.schema
    .createTable('item_tags')
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_tags_pk', ['item_type', 'item_id', 'value'])
    .execute();
  await db.schema.createIndex('item_tags_by_value').on('item_tags').columns(['network_id', 'item_type', 'value', 'item_id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('oauth_consumers'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('consumer_key', 'text', (c) => c.notNull().unique())
    .addColumn('consumer_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await idColumn(db.schema.createTable('oauth_tokens'), ctx)
    .addColumn('consumer_id', 'bigint', (c) => c.notNull().references('oauth_consumers.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('token_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addUniqueConstraint('oauth_tokens_consumer_account', ['consumer_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('oauth_nonces')
    .addColumn('consumer_key', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_nonces_pk', ['consumer_key', 'nonce'])
    .execute();
  await db.schema.createIndex('oauth_nonces_age').on('oauth_nonces').column('timestamp').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

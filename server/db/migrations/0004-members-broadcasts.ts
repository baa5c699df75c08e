// Member profiles, broadcasts and the moderation queue. A person's own facts (birthdate,
// gender, location) live on the account, shared by every network they join; what they say to
// one community (status message, answers to its profile questions) lives on the membership.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('birthdate', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('gender', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('location', 'text').execute();
  // `alpha` listings sort on the lower-cased name compared byte by byte, so both databases
  // page through the same order whatever collation PostgreSQL was set up with.
  const sortKey = (c: ColumnDefinitionBuilder) =>
    (ctx.dialect === 'postgres' ? c.modifyFront(sql`collate "C"`) : c).notNull().defaultTo('');
  for (const [table, column] of [['accounts', 'full_name'], ['networks', 'name']] as const) {
    await db.schema.alterTable(table).addColumn('sort_name', 'text', sortKey).execute();
    await db.updateTable(table).set({ sort_name: sql`lower(${sql.ref(column)})` }).execute();
  }

  await db.schema.alterTable('members').addColumn('status_message', 'text').execute();
  await db.schema.alterTable('members').addColumn('profile_questions', 'text').execute();

  await idColumn(db.schema.createTable('broadcasts'), ctx)
    .addColumn('network_id', 'bigint', (c) => c.notNull().references('networks.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // A resend after the five-minute window first clears the old row's id, so the unique
    // constraint itself refuses duplicates within the window, even from concurrent requests.
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('broadcasts_message_id', ['network_id', 'message_id'])
    .execute();
  await db.schema.createIndex('broadcasts_recent').on('broadcasts').columns(['network_id', 'created_at', 'id']).execute();

  // The moderation queue reads only what awaits approval: small partial indexes, not scans.
  for (const table of ['blog_posts', 'comments']) {
    await db.schema
      .createIndex(`${table}_unapproved`)
      .on(table)
      .columns(['network_id', 'created_at', 'id'])
      .where(sql.ref('approved'), '=', 0)
      .execute();
  }
  await db.schema
    .createIndex('members_pending')
    .on('members')
    .columns(['network_id', 'created_at', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
}

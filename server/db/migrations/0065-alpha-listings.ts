// Indexes for the `alpha` listings. Members by name (User/alpha) sorted on the account's name
// across the join, so every page sorted the whole network's members: each membership now
// carries its account's sort name, kept by triggers in the transaction of every write (a new
// membership, a changed name, by whatever path), and an index pages through it in order.
// Networks by name (Network/alpha) looked up an account's memberships by scanning them all.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('sort_name', 'text', (c) => (ctx.dialect === 'postgres' ? c.modifyFront(sql`collate "C"`) : c).notNull().defaultTo(''))
    .execute();
  await sql`update members set sort_name = (select a.sort_name from accounts a where a.id = members.account_id)`.execute(db);
  await db.schema.createIndex('members_alpha').on('members').columns(['network_id', 'sort_name', 'id']).execute();
  await db.schema.createIndex('members_by_account').on('members').columns(['account_id', 'state']).execute();

  if (ctx.dialect === 'postgres') {
    await sql.raw(`create function member_sort_name() returns trigger language plpgsql as $$
      begin
        new.sort_name := (select a.sort_name from accounts a where a.id = new.account_id);
        return new;
      end $$`).execute(db);
    await sql.raw(`create trigger members_sort_name before insert or update of account_id on members
      for each row execute function member_sort_name()`).execute(db);
    await sql.raw(`create function account_sort_name() returns trigger language plpgsql as $$
      begin
        update members set sort_name = new.sort_name where account_id = new.id;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger accounts_sort_name after update of sort_name on accounts
      for each row when (old.sort_name is distinct from new.sort_name) execute function account_sort_name()`).execute(db);
  } else {
    await sql.raw(`create trigger members_sort_name_insert after insert on members begin
      update members set sort_name = (select a.sort_name from accounts a where a.id = new.account_id) where id = new.id;
    end`).execute(db);
    await sql.raw(`create trigger members_sort_name_account after update of account_id on members begin
      update members set sort_name = (select a.sort_name from accounts a where a.id = new.account_id) where id = new.id;
    end`).execute(db);
    await sql.raw(`create trigger accounts_sort_name after update of sort_name on accounts when old.sort_name is not new.sort_name begin
      update members set sort_name = new.sort_name where account_id = new.id;
    end`).execute(db);
  }
}

// An uploaded member icon is stored as its path on this service (`/xn/icons/<account>/<version>.webp`)
// and given the public origin when shown, so a change of PUBLIC_URL cannot leave it pointing at
// the old address. Icons stored before as absolute URLs of this service's own pictures (the
// account's icon at that version is here) become paths; any other URL is a member's choice and
// stays as it is.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  const path = sql`'/xn/icons/' || cast(i.account_id as text) || '/' || cast(i.updated_at as text) || '.webp'`;
  await sql`update accounts set icon_url = (select ${path} from account_icons i where i.account_id = accounts.id)
    where icon_url like 'http%' and exists (
      select 1 from account_icons i where i.account_id = accounts.id and accounts.icon_url like '%://%' || ${path})`.execute(db);
}

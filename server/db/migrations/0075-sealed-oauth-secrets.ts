// OAuth consumer and token secrets are kept encrypted with the deployment's key
// (server/lib/secret-box.ts): the plain ones stored until now are sealed.
import type { Kysely } from 'kysely';
import { resealSecrets } from '../sealed-secrets';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await resealSecrets(db, ctx.secrets);
}

// Deployment-wide values kept in the database, so every server instance shares them.
import crypto from 'node:crypto';
import type { Db } from './database';

/** The value of `key`, created once with a random secret by whichever instance asks first. */
export async function sharedSecret(db: Db, key: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

// The columns that hold secrets encrypted with the deployment's key, and keeping them so:
// plain values (a database from before encryption) and values sealed with a key being rotated
// out are sealed again with the current key; a database sealed with a key this server does not
// have refuses to start, rather than failing every signed request.
import type { Kysely } from 'kysely';
import { SecretBox } from '../lib/secret-box';
import type { Db } from './database';

/** Each sealed column, the column naming its row (sealed values are bound to it), and what the row is. */
export const SEALED_COLUMNS = {
  oauth_consumers: { column: 'consumer_secret', name: 'consumer_key', credential: 'consumer key' },
  oauth_tokens: { column: 'token_secret', name: 'token', credential: 'token' },
} as const;

type SealedTable = keyof typeof SEALED_COLUMNS;

/**
 * A sealed secret this server cannot open: sealed with a key it lacks, for another row, or
 * altered (by hand, in the database). Names the row, never the secret.
 */
export class UnreadableSecret extends Error {
  constructor(
    readonly table: SealedTable,
    readonly row: string,
    cause: unknown,
  ) {
    super(`The ${SEALED_COLUMNS[table].column} of ${table} '${row}' cannot be opened: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function sealSecret(box: SecretBox, table: SealedTable, name: string, plain: string): string {
  return box.seal(plain, `${table}:${name}`);
}

export function openSecret(box: SecretBox, table: SealedTable, name: string, sealed: string): string {
  try {
    return box.open(sealed, `${table}:${name}`);
  } catch (cause) {
    throw new UnreadableSecret(table, name, cause);
  }
}

/** A row of `table` with its secret opened (`open`) or sealed; rows of other tables as they are. */
export function rowWithSecret<R extends Record<string, unknown>>(box: SecretBox, table: string, row: R, change: 'open' | 'seal'): R {
  const spec = SEALED_COLUMNS[table as SealedTable];
  if (!spec) return row;
  const [value, name] = [String(row[spec.column]), String(row[spec.name])];
  return { ...row, [spec.column]: change === 'open' ? openSecret(box, table as SealedTable, name, value) : sealSecret(box, table as SealedTable, name, value) };
}

/** Seals again with the current key every value that is plain or sealed with another key; how many. */
export async function resealSecrets(db: Kysely<any>, box: SecretBox): Promise<number> {
  let count = 0;
  for (const [table, { column, name }] of Object.entries(SEALED_COLUMNS) as [SealedTable, (typeof SEALED_COLUMNS)[SealedTable]][]) {
    const rows: { id: number; name: string; value: string }[] = await db
      .selectFrom(table)
      .select(['id', `${name} as name`, `${column} as value`])
      .where(column, 'not like', `v1:${box.keyId}:%`)
      .execute();
    for (const row of rows) {
      const plain = SecretBox.isSealed(row.value) ? openSecret(box, table, row.name, row.value) : row.value;
      await db.updateTable(table).set({ [column]: sealSecret(box, table, row.name, plain) }).where('id', '=', row.id).execute();
    }
    count += rows.length;
  }
  return count;
}

/** The server's key does not fit the database: told to the operator as it is, at start or by the CLI. */
export class SecretsKeyError extends Error {}

/**
 * Run at start, after the migrations: records which key seals the database on its first start,
 * re-seals after a rotation (the recorded key is among SECRETS_KEY_PREVIOUS), and refuses a
 * key that cannot open what the database holds, or one rotated out before (an instance
 * started with the old settings would otherwise seal everything back). How many secrets it
 * sealed again.
 */
export async function checkSecretsKey(db: Db, box: SecretBox): Promise<number> {
  await db.insertInto('settings').values({ key: 'secrets_key_id', value: box.keyId }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const setting = async (key: string) => (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const recorded = (await setting('secrets_key_id'))!;
  if (recorded === box.keyId) {
    // Mid-rotation, instances still on the previous key may have sealed new secrets with it.
    return box.keyIds.length > 1 ? resealSecrets(db, box) : 0;
  }
  const retired = (await setting('secrets_retired_key_ids'))?.split(',') ?? [];
  if (retired.includes(box.keyId)) {
    throw new SecretsKeyError(`This server's key ${box.keyId} was rotated out for key ${recorded}: set SECRETS_KEY to the current key.`);
  }
  if (!box.keyIds.includes(recorded)) {
    throw new SecretsKeyError(
      `The database's OAuth secrets are encrypted with key ${recorded}, and this server's key is ${box.keyId}: ` +
        'set SECRETS_KEY to the key they were encrypted with (or keep the DATA_DIR/secrets.key it made), ' +
        'or, to change keys, give the old one as SECRETS_KEY_PREVIOUS.',
    );
  }
  return db.transaction().execute(async (tx) => {
    const resealed = await resealSecrets(tx, box);
    await tx.updateTable('settings').set({ value: box.keyId }).where('key', '=', 'secrets_key_id').execute();
    const value = [...retired, recorded].join(',');
    await tx.insertInto('settings').values({ key: 'secrets_retired_key_ids', value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    return resealed;
  });
}

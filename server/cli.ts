// The operator's command line: networks, members, OAuth consumers and demo content, backups
// of the embedded database, whole networks exported and imported, and the secrets key
// changed, on whichever database the environment configures (DATA_DIR or DATABASE_URL).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig, type Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { checkSecretsKey, SecretsKeyError } from './db/sealed-secrets';
import { seedDemoContent } from './setup/seed';
import { ensureDefaultNetwork } from './setup/bootstrap';
import { sharedSecret } from './db/settings';
import { AnchorCodec } from './http/anchor';
import type { AppDeps } from './http/endpoint';
import { ChangeBus } from './lib/changes';
import { LiveStreams } from './resources/live/streams';
import { createMailer } from './lib/mailer';
import { ApiError } from './lib/errors';
import { generatePassword } from './lib/passwords';
import { createNetwork } from './resources/networks/service';
import { findNetwork } from './resources/networks/store';
import { createConsumerKey } from './resources/consumer-keys/store';
import { loadSecretBox, parseKey } from './lib/secret-box';
import { addMember, createAccount, findAccountByEmail, membership } from './resources/users/store';
import { backupDatabase, BackupError, restoreDatabase } from './ops/backup';
import { ArchiveError, exportNetwork, importNetwork } from './ops/archive';

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  network create --subdomain NAME --email EMAIL [--name TITLE] [--password PW] [--full-name NAME]
      Creates a network and its Network Creator (an existing account with that email is reused).
  member create --network NAME --email EMAIL [--full-name NAME] [--password PW] [--role member|admin]
      Creates a member (or adds an existing account to the network).
  consumer create --network NAME --name APP [--json]
      Creates an OAuth consumer key and secret for an application.
  seed --network NAME
      Adds demo members, blog posts with tags, and comments.
  backup --to FILE
      Copies the embedded database to FILE while the server runs (SQLite only; for
      PostgreSQL use pg_dump).
  restore --from FILE
      Puts a backup in place of the embedded database; stop the server first. The
      database it replaces is kept beside it.
  export --network NAME --to FILE
      Writes the whole network (members, content, images, activity, ...) to FILE, a
      network archive (docs/archive.md). It holds password hashes: keep it safe.
  import --from FILE
      Adds the network in a network archive to this database, keeping its ids.
  secrets rekey --new-key-file FILE
      Encrypts the OAuth secrets again with the key in FILE (openssl rand -base64 32 > FILE),
      in one transaction; the old key is refused from then on. Stop every server first, and
      start them with the new key (SECRETS_KEY, or the file copied over DATA_DIR/secrets.key).

Options:
  --json    print the result as JSON
  --help    show this help

The database is the one the server uses: DATA_DIR (embedded SQLite, default ./data) or DATABASE_URL.
A generated password is printed once.`;

type Options = Record<string, string | boolean | undefined>;
type Command = (deps: AppDeps, o: Options) => Promise<Record<string, unknown>>;

const required = (o: Options, name: string): string => {
  const value = o[name];
  if (typeof value !== 'string' || !value) throw new UsageError(`--${name} is required`);
  return value;
};

class UsageError extends Error {}

async function networkByName(db: Db, subdomain: string) {
  const network = await findNetwork(db, subdomain);
  if (!network) throw new UsageError(`no network '${subdomain}'`);
  return network;
}

/** An existing account by email, or a new one with the given or a generated password. */
async function accountFor(db: Db, o: Options, fallbackName: string) {
  const email = required(o, 'email');
  const existing = await findAccountByEmail(db, email);
  if (existing) return { id: existing.id, screenName: existing.screen_name, email, password: undefined };
  const password = typeof o.password === 'string' ? o.password : generatePassword();
  const fullName = typeof o['full-name'] === 'string' ? o['full-name'] : fallbackName;
  const created = await createAccount(db, { email, password, fullName }, Date.now());
  return { ...created, email, password };
}

/** Commands on the embedded database's file, with no connection of ours open. */
const fileCommands: Record<string, (config: Config, o: Options) => Promise<Record<string, unknown>>> = {
  backup: async (config, o) => {
    if (config.DATABASE_URL) throw new UsageError('backup copies the embedded database; for PostgreSQL use pg_dump');
    return { ...(await backupDatabase(config.DATA_DIR, required(o, 'to'))) };
  },
  restore: async (config, o) => {
    if (config.DATABASE_URL) throw new UsageError('restore is for the embedded database; for PostgreSQL use pg_restore');
    return { ...(await restoreDatabase(config.DATA_DIR, required(o, 'from'))) };
  },
};

/** Commands on the data as it stands: the database is migrated, but no default network is made (an import may bring it). */
const dataCommands: Record<string, (deps: AppDeps, o: Options) => Promise<Record<string, unknown>>> = {
  export: async ({ db, secrets }, o) => {
    const network = required(o, 'network');
    return { network, file: required(o, 'to'), rows: await exportNetwork(db, secrets, network, required(o, 'to')) };
  },
  import: async ({ db, dialect, secrets }, o) => ({ ...(await importNetwork(db, dialect, secrets, required(o, 'from'))) }),
  'secrets rekey': async ({ db, secrets }, o) => {
    const file = required(o, 'new-key-file');
    const key = fs.existsSync(file) ? parseKey(fs.readFileSync(file, 'utf8')) : undefined;
    if (!key) throw new UsageError(`${file} does not hold a 32-byte key (64 hex digits or base64, e.g. openssl rand -base64 32)`);
    const rekeyed = secrets.rotatedTo(key);
    if (rekeyed.keyId === secrets.keyId) throw new UsageError(`the secrets are encrypted with key ${secrets.keyId} already`);
    return { keyId: rekeyed.keyId, previousKeyId: secrets.keyId, secrets: await checkSecretsKey(db, rekeyed) };
  },
};

const commands: Record<string, Command> = {
  'network create': async ({ db }, o) => {
    const subdomain = required(o, 'subdomain').toLowerCase();
    if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(subdomain)) throw new UsageError('--subdomain takes lowercase letters, digits and dashes');
    const owner = await accountFor(db, o, 'Network Creator');
    const id = await createNetwork(db, { subdomain, name: typeof o.name === 'string' ? o.name : subdomain, ownerAccountId: owner.id }, Date.now());
    return { network: subdomain, networkId: id, email: owner.email, screenName: owner.screenName, password: owner.password };
  },
  'member create': async ({ db }, o) => {
    const network = await networkByName(db, required(o, 'network'));
    const role = o.role === 'admin' ? 'admin' : 'member';
    const person = await accountFor(db, o, 'New Member');
    if (await membership(db, network.id, person.id)) throw new UsageError(`${person.email} is already a member of ${network.subdomain}`);
    const memberId = await addMember(db, network.id, person.id, role, 'active', Date.now());
    return { id: `${network.id}:User:${memberId}`, email: person.email, screenName: person.screenName, role, password: person.password };
  },
  'consumer create': async ({ db, secrets }, o) => {
    const network = await networkByName(db, required(o, 'network'));
    const { row, secret } = await createConsumerKey(db, secrets, network.id, required(o, 'name'), Date.now());
    return { network: network.subdomain, name: o.name, consumerKey: row.consumer_key, consumerSecret: secret };
  },
  seed: async (deps, o) => {
    const network = required(o, 'network');
    const password = await seedDemoContent(deps, network);
    return { network, demoMemberPassword: password };
  },
};

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean' },
      json: { type: 'boolean' },
      subdomain: { type: 'string' },
      name: { type: 'string' },
      network: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'full-name': { type: 'string' },
      role: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      'new-key-file': { type: 'string' },
    },
  });
  const name = positionals.join(' ');
  const known = commands[name] ?? fileCommands[name] ?? dataCommands[name];
  if (values.help || !known) {
    (values.help ? process.stdout : process.stderr).write(`${HELP}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const print = (result: Record<string, unknown>) => {
    const shown = Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined));
    const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    process.stdout.write(
      values.json ? `${JSON.stringify(shown)}\n` : `${Object.entries(shown).map(([k, v]) => `${k}: ${text(v)}`).join('\n')}\n`,
    );
    return 0;
  };
  if (fileCommands[name]) return print(await fileCommands[name](config, values));
  const log = pino({ level: 'warn' });
  const { db, dialect } = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  try {
    const secrets = loadSecretBox(config);
    await migrateToLatest(db, dialect, secrets);
    const deps = { db, dialect, log, anchors: new AnchorCodec(await sharedSecret(db, 'anchor_secret')), changes: new ChangeBus(log), live: new LiveStreams(0), mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log }), secrets };
    if (dataCommands[name]) return print(await dataCommands[name](deps, values));
    // The same first-start setup as the server, so the CLI works on a fresh data folder too.
    await ensureDefaultNetwork(deps, config, log, (text) => process.stderr.write(text));
    return print(await commands[name]!(deps, values));
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const expected =
      error instanceof UsageError ||
      error instanceof ApiError ||
      error instanceof BackupError ||
      error instanceof ArchiveError ||
      error instanceof SecretsKeyError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`error: ${expected ? (error as Error).message : (error as Error).stack}\n`);
    if (error instanceof UsageError) process.stderr.write('Run with --help for usage.\n');
    process.exit(expected ? 2 : 1);
  },
);

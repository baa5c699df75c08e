// First start on an empty database: the default network, its Network Creator and, unless
// turned off, demo content. Safe to run on every start and from several instances at once.
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AppDeps } from '../http/endpoint';
import { ApiError } from '../lib/errors';
import { generatePassword } from '../lib/passwords';
import { createNetwork } from '../resources/networks/service';
import { findNetwork } from '../resources/networks/store';
import { createAccount, findAccountByEmail } from '../resources/users/store';
import { seedDemoContent } from './seed';

export async function ensureDefaultNetwork(
  deps: AppDeps,
  config: Config,
  log: Logger,
  announce: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const subdomain = config.DEFAULT_NETWORK;
  if (await findNetwork(deps.db, subdomain)) return;
  const email = config.ADMIN_EMAIL ?? `admin@${subdomain}.example`;
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const now = Date.now();
  try {
    const existing = await findAccountByEmail(deps.db, email);
    const ownerId = existing?.id ?? (await createAccount(deps.db, { email, password, fullName: 'Network Creator' }, now)).id;
    await createNetwork(deps.db, { subdomain, name: 'API Example', ownerAccountId: ownerId }, now);
  } catch (error) {
    // Another instance created it first.
    if (error instanceof ApiError && (await findNetwork(deps.db, subdomain))) return;
    throw error;
  }
  if (!config.ADMIN_PASSWORD) {
    // Printed once, on the start that creates the account; never logged again.
    announce(
      `\nCreated network '${subdomain}'. Network Creator: ${email}\nGenerated password (shown once): ${password}\n\n`,
    );
  }
  if (config.DEMO_CONTENT) await seedDemoContent(deps, subdomain, log);
}

// Server configuration from the environment, validated once at start so a bad value fails
// fast with a clear message instead of surfacing later as a strange runtime error.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseKey } from './lib/secret-box';

const KEY_FORMAT = 'must be 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32)';
const secretsKey = z
  .string()
  .optional()
  .transform((v, ctx) => (v ? (parseKey(v) ?? (ctx.addIssue({ code: 'custom', message: KEY_FORMAT }), z.NEVER)) : undefined));

const onOff = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional().or(z.literal('').transform(() => undefined)),
  DEMO_CONTENT: onOff.default(true),
  DEFAULT_NETWORK: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/).default('apiexample'),
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For) and which URL it asked
   * for (X-Forwarded-Proto/-Host): `off`, a number of proxy hops (`on` is one), or a comma-separated
   * list of the proxies' addresses and subnets (`loopback`, `10.0.0.0/8`). Only entries those
   * proxies added are believed, so a client cannot pass itself off as another address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .transform((v, ctx): number | string[] | false => {
      const lower = v.toLowerCase();
      if (['off', 'false', '0', ''].includes(lower)) return false;
      if (['on', 'true'].includes(lower)) return 1;
      if (/^\d+$/.test(v)) return Math.min(Number(v), 32);
      const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
      const bad = entries.find((e) => !isProxyAddress(e));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `'${bad}' is not a number of hops, an address, a subnet or loopback/linklocal/uniquelocal` });
      return entries;
    }),
  /**
   * The address people reach this server at (`https://community.example.org`): absolute links
   * in replies (`url` fields, icons) are built from it. Unset, links use the listening address,
   * or the host a trusted proxy (TRUST_PROXY) reports; never a Host header a client made up.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => !URL.canParse(u) || /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be a scheme, host and port only, no path')
    .transform((u) => (URL.canParse(u) ? new URL(u).origin : u))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//).optional().or(z.literal('').transform(() => undefined)),
  /** Prefix of every key the service writes to Redis, so several deployments can share one. */
  REDIS_KEY_PREFIX: z.string().max(100).default('xn:'),
  /** Requests per minute for each caller (access token, session, OAuth token, else address); 0 turns limiting off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Bearer token for GET /metrics; without one, only direct connections from this machine may read metrics. */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
  /** How long a stopping server lets requests in flight finish before it closes their connections. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(25),
  /** smtp:// or smtps:// URL of the mail server (password reset links); unset, mail is printed in the log. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional().or(z.literal('').transform(() => undefined)),
  /** The sender of mail, e.g. `Gardeners <no-reply@gardeners.example>`. */
  SMTP_FROM: z.string().min(3).max(320).default('Community <no-reply@localhost>'),
  /** How often a live stream (GET Live) with nothing to say sends a heartbeat, so proxies keep it open. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(20),
  /**
   * The key OAuth consumer and token secrets are encrypted with in the database: 32 random
   * bytes as base64 or 64 hex digits (`openssl rand -base64 32`). Unset, a key is made on the
   * first start and kept in DATA_DIR/secrets.key; instances on several machines share one
   * database, so they need the same SECRETS_KEY.
   */
  SECRETS_KEY: secretsKey,
  /** Keys being rotated out (comma-separated): secrets encrypted with them are encrypted again with SECRETS_KEY at start. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .default('')
    .transform((v, ctx) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .map((k) => parseKey(k) ?? (ctx.addIssue({ code: 'custom', message: KEY_FORMAT }), z.NEVER)),
    ),
  /** Server processes sharing the port on this machine; one per core unless told. */
  WORKERS: z.coerce.number().int().min(1).max(256).default(os.availableParallelism()),
});

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length) return false;
  const family = net.isIP(address);
  if (!family) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export type Config = Omit<z.infer<typeof schema>, 'DATA_DIR'> & { DATA_DIR: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

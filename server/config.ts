// Server configuration from the environment, validated once at start so a bad value fails
// fast with a clear message instead of surfacing later as a strange runtime error.
import path from 'node:path';
import { z } from 'zod';

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
  TRUST_PROXY: onOff.default(false),
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
  /** How often a live stream (GET Live) with nothing to say sends a heartbeat, so proxies keep it open. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(20),
});

export type Config = Omit<z.infer<typeof schema>, 'DATA_DIR'> & { DATA_DIR: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

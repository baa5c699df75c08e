// Starting and stopping the whole service: connect to Redis (when configured), open the
// database, migrate, bootstrap, listen.
// main.ts calls it with the environment's configuration; tests call it with their own.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { createApp } from './app';
import { appServer } from './http/app-server';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureDefaultNetwork } from './setup/bootstrap';
import { sharedSecret } from './db/settings';
import { AnchorCodec } from './http/anchor';
import { answerClientError } from './http/envelope';
import { rateLimit, signInThrottle } from './http/rate-limit';
import { createMetrics } from './http/metrics';
import type { Lifecycle } from './http/operations';
import { ChangeBus, postgresTransport } from './lib/changes';
import { LiveStreams } from './resources/live/streams';
import { clusterTransport, MACHINE_ORIGIN } from './cluster';
import type { Scope } from './http/response-cache';
import { createMailer } from './lib/mailer';
import { loadSecretBox, type SecretBox } from './lib/secret-box';

export interface RunningServer {
  url: string;
  db: Db;
  log: Logger;
  changes: ChangeBus;
  /** Seals the OAuth secrets this server writes (tests make consumers with it). */
  secrets: SecretBox;
  /**
   * Drops the replies the response cache keeps of a network (or of all) after a write made
   * outside the service, which no change announced (a test writing to the database).
   */
  dropCached(scope: Scope): void;
  stop(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: { pgSchema?: string; log?: Logger; onQuery?: () => void; webDir?: string; clusterWorker?: boolean } = {},
): Promise<RunningServer> {
  const log = options.log ?? pino({ level: config.LOG_LEVEL });
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : undefined;
  const metrics = createMetrics();
  const lifecycle: Lifecycle = { draining: false };
  const { db, dialect, pool } = openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    pgSchema: options.pgSchema,
    onQuery: (ms, failed) => {
      metrics.observeQuery(ms, failed);
      options.onQuery?.();
    },
  });
  metrics.watchPool(pool);
  const secrets = loadSecretBox(config);
  await migrateToLatest(db, dialect, secrets);
  const changes = new ChangeBus(log);
  // Workers of one machine hear each other through their primary before a write is answered;
  // instances on one PostgreSQL database, through it, within the second.
  if (options.clusterWorker) changes.connect(clusterTransport());
  if (config.DATABASE_URL) {
    const origin = options.clusterWorker ? process.env[MACHINE_ORIGIN] : undefined;
    changes.connect(await postgresTransport({ databaseUrl: config.DATABASE_URL, schema: options.pgSchema, origin, log }));
  }
  const secret = await sharedSecret(db, 'anchor_secret');
  const live = new LiveStreams(config.LIVE_HEARTBEAT_SECONDS * 1000);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log });
  await ensureDefaultNetwork({ db, dialect, log, anchors: new AnchorCodec(secret), changes, live, mailer, secrets }, config, log);

  const { app, dropCached } = createApp({
    db,
    dialect,
    log,
    secret,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    listeningUrl: () => listeningUrl,
    rateLimit: rateLimit({
      perMinute: config.RATE_LIMIT_PER_MINUTE,
      redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}rate-limit`,
      clusterWorker: options.clusterWorker,
    }),
    signIns: signInThrottle({
      enabled: config.RATE_LIMIT_PER_MINUTE > 0,
      redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}sign-in-`,
      clusterWorker: options.clusterWorker,
    }),
    webDir: options.webDir ?? path.resolve(import.meta.dirname, '..', 'dist'),
    defaultNetwork: config.DEFAULT_NETWORK,
    metrics,
    lifecycle,
    metricsToken: config.METRICS_TOKEN,
    changes,
    live,
    mailer,
    secrets,
  });
  let listeningUrl = '';
  const server = appServer(app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  // Listening on every interface names no address a browser could use: links then say localhost.
  listeningUrl = `http://${['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    db,
    log,
    changes,
    secrets,
    dropCached,
    /**
     * Drains: readiness fails, no new connection is accepted, requests in flight finish (each
     * connection closes once idle), and after SHUTDOWN_TIMEOUT_SECONDS what is left is cut.
     */
    async stop() {
      lifecycle.draining = true;
      live.drain();
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
      await changes.close();
      await db.destroy();
      await redis?.quit();
    },
  };
}

/** Fails the start when Redis cannot be reached; once running, an outage only degrades limits to per instance. */
async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => log.warn({ err }, 'redis'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to REDIS_URL: ${(error as Error).message}`);
  }
  return redis;
}

/** Migrates and, on a first start, creates the default network: what the primary of several workers does before it starts them. */
export async function prepareDatabase(config: Config, log: Logger): Promise<void> {
  const { db, dialect } = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  try {
    const secrets = loadSecretBox(config);
    await migrateToLatest(db, dialect, secrets);
    const secret = await sharedSecret(db, 'anchor_secret');
    await ensureDefaultNetwork({ db, dialect, log, anchors: new AnchorCodec(secret), changes: new ChangeBus(log), live: new LiveStreams(0), mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log }), secrets }, config, log);
  } finally {
    await db.destroy();
  }
}

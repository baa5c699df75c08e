// Several server processes on one machine (node:cluster), `WORKERS` of them, sharing the
// port: the primary prepares the database (migrations, the first start's network), starts
// the workers, restarts one that dies, and passes between them what one must tell the others
// — the change bus's changes on SQLite (on PostgreSQL they travel by LISTEN/NOTIFY), and
// the rate-limit counts (unless Redis keeps those).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Change, ChangeTransport } from './lib/changes';

interface ChangeMessage {
  xnChanges: Change[];
}

const isChangeMessage = (message: unknown): message is ChangeMessage =>
  typeof message === 'object' && message !== null && 'xnChanges' in message;

/** The change bus's transport between the workers of one machine: through the primary, which passes each batch to the other workers. */
export function clusterTransport(): ChangeTransport {
  const onMessage = (message: unknown) => {
    if (isChangeMessage(message)) transport.onReceive?.(message.xnChanges);
  };
  const transport: ChangeTransport = {
    send(changes) {
      if (process.connected) process.send?.({ xnChanges: changes } satisfies ChangeMessage);
    },
    async close() {
      process.off('message', onMessage);
    },
  };
  process.on('message', onMessage);
  return transport;
}

export interface Primary {
  /** Resolves with the address once every worker listens. */
  ready: Promise<string>;
  /** Stops every worker (each drains as a single server does) and resolves when all have exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** In the primary: starts `config.WORKERS` workers running the same entry point. */
export function startPrimary(config: Config, log: Logger): Primary {
  // Counts of the cluster's rate limits, when no Redis shares them (workers ask here).
  if (!config.REDIS_URL && config.RATE_LIMIT_PER_MINUTE > 0) new RateLimiterClusterMaster();
  let stopping = false;
  const workers = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isChangeMessage(message)) return;
      for (const other of workers) if (other !== worker && other.isConnected()) other.send(message);
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
      setTimeout(fork, 500);
    });
    return worker;
  };
  const ready = Promise.all(
    Array.from({ length: config.WORKERS }, () => {
      const worker = fork();
      return new Promise<string>((resolve, reject) => {
        worker.once('listening', (address) => {
          const host = address.address?.includes(':') ? `[${address.address}]` : (address.address ?? config.HOST);
          resolve(`http://${host}:${address.port}`);
        });
        worker.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it served`)));
      });
    }),
  ).then((urls) => urls[0]!);
  return {
    ready,
    async stop(signal) {
      stopping = true;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill(signal);
            }),
        ),
      );
    },
  };
}

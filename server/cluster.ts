// Several server processes on one machine (node:cluster), `WORKERS` of them, sharing the
// port: the primary prepares the database (migrations, the first start's network), starts
// the workers, restarts one that dies, and passes between them what one must tell the others
// — the change bus's changes (waiting until every worker has heard a write before it is
// answered; other instances on PostgreSQL hear it by LISTEN/NOTIFY), and the rate-limit counts
// (unless Redis keeps those).
import cluster, { type Worker } from 'node:cluster';
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Change, ChangeTransport } from './lib/changes';

/** How long a write waits for the other workers to hear of it before it is answered anyway. */
const HEARING_PATIENCE_MS = 1000;

/** Set by the primary for its workers: the machine's origin on PostgreSQL's channel of changes. */
export const MACHINE_ORIGIN = 'XN_MACHINE_ORIGIN';

// What workers and the primary say to each other about changes:
//   worker → primary   { xnHearing: true }             this worker delivers changes from now on
//   worker → primary   { xnChanges, seq }              a batch it committed, to pass on
//   primary → worker   { xnChanges, relay }            another worker's batch
//   worker → primary   { xnDelivered: relay }          its listeners have heard it
//   primary → worker   { xnHeard: seq }                every other worker has heard batch `seq`
type ChangeMessage =
  | { xnHearing: true }
  | { xnChanges: Change[]; seq: number }
  | { xnChanges: Change[]; relay: number }
  | { xnDelivered: number }
  | { xnHeard: number };

const isChangeMessage = (message: unknown): message is ChangeMessage =>
  typeof message === 'object' &&
  message !== null &&
  ('xnChanges' in message || 'xnHearing' in message || 'xnDelivered' in message || 'xnHeard' in message);

/** A process's IPC channel, as the transport and the relay use it (tests give one in memory). */
export interface Channel {
  send(message: ChangeMessage): void;
  /** Calls `listener` with each message; returns what stops it. */
  listen(listener: (message: unknown) => void): () => void;
}

const processChannel = (): Channel => ({
  send(message) {
    if (process.connected) process.send?.(message);
  },
  listen(listener) {
    process.on('message', listener);
    return () => process.off('message', listener);
  },
});

/**
 * The change bus's transport between the workers of one machine, through the primary. A batch
 * sent resolves once the primary says every other worker has delivered it (the primary stops
 * waiting for a worker that hangs after `patience`), so a write is answered only when a read on
 * any worker sees it. The writer waits no longer than `patience` itself either: a primary that
 * is gone never answers, and the transport closes only once the requests in flight have ended.
 */
export function clusterTransport(channel: Channel = processChannel(), patience = HEARING_PATIENCE_MS): ChangeTransport {
  let seq = 0;
  const waiting = new Map<number, () => void>();
  const stop = channel.listen((message) => {
    if (!isChangeMessage(message)) return;
    if ('relay' in message) {
      transport.onReceive?.(message.xnChanges);
      channel.send({ xnDelivered: message.relay });
    } else if ('xnHeard' in message) waiting.get(message.xnHeard)?.();
  });
  const transport: ChangeTransport = {
    send(changes) {
      const id = ++seq;
      return new Promise<void>((resolve) => {
        const heard = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(heard, patience);
        waiting.set(id, heard);
        channel.send({ xnChanges: changes, seq: id });
      });
    },
    async close() {
      stop();
      for (const heard of [...waiting.values()]) heard();
    },
  };
  channel.send({ xnHearing: true });
  return transport;
}

/** A worker as the relay sees it. */
export interface Peer {
  send(message: ChangeMessage): void;
}

/**
 * In the primary: passes each worker's batch to the other workers that hear changes, and tells
 * the sender once all of them have delivered it. A worker that exits owes nothing more; one that
 * has not answered within `patience` is logged and no longer waited for.
 */
export class ChangeRelay {
  private readonly hearing = new Set<Peer>();
  private readonly owed = new Map<number, { from: Peer; seq: number; by: Set<Peer>; timer: NodeJS.Timeout }>();
  private next = 0;

  constructor(
    private readonly log?: Logger,
    private readonly patience = HEARING_PATIENCE_MS,
  ) {}

  receive(from: Peer, message: unknown): void {
    if (!isChangeMessage(message)) return;
    if ('xnHearing' in message) this.hearing.add(from);
    else if ('xnDelivered' in message) this.delivered(message.xnDelivered, from);
    else if ('seq' in message) {
      const relay = ++this.next;
      const by = new Set([...this.hearing].filter((peer) => peer !== from));
      const timer = setTimeout(() => {
        this.log?.warn({ changes: message.xnChanges.length }, 'a worker did not confirm a change within a second');
        this.settle(relay);
      }, this.patience);
      this.owed.set(relay, { from, seq: message.seq, by, timer });
      for (const peer of by) peer.send({ xnChanges: message.xnChanges, relay });
      if (by.size === 0) this.settle(relay);
    }
  }

  /** A worker that exited: it owes nothing, and is told nothing more. */
  remove(peer: Peer): void {
    this.hearing.delete(peer);
    for (const [relay, entry] of this.owed) {
      if (entry.from === peer) {
        clearTimeout(entry.timer);
        this.owed.delete(relay);
      } else this.delivered(relay, peer);
    }
  }

  private delivered(relay: number, by: Peer) {
    const entry = this.owed.get(relay);
    if (!entry) return;
    entry.by.delete(by);
    if (entry.by.size === 0) this.settle(relay);
  }

  private settle(relay: number) {
    const entry = this.owed.get(relay);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.owed.delete(relay);
    entry.from.send({ xnHeard: entry.seq });
  }
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
  const relay = new ChangeRelay(log);
  const origin = { [MACHINE_ORIGIN]: crypto.randomUUID() };
  const fork = () => {
    const worker = cluster.fork(origin);
    const peer: Peer = {
      send(message) {
        if (worker.isConnected()) worker.send(message);
      },
    };
    workers.add(worker);
    worker.on('message', (message: unknown) => relay.receive(peer, message));
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      relay.remove(peer);
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

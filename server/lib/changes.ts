// The change bus: every committed write announces what it changed, so caches can forget what
// is stale and live streams can tell viewers what is new. A change says which network, what
// kind of item, its id, what happened, and what a listener needs to decide who may see it
// (author, visibility, and for a comment or tag the item it is on). Listeners still read the
// item through the visibility scope before showing it to anyone: a change is a hint, not data.
//
//   committed(deps, async (tx) => { ...; announce(tx, change); ... })
//       runs one transaction; the changes announced in it are published once it has
//       committed, and dropped if it rolls back.
//   await deps.changes.publish(changes)
//       for a write that committed on its own (one statement outside a transaction). It resolves
//       once the instance's own listeners and the transports that wait (the other workers of
//       this machine) have heard it, so a request answered after it is followed by reads that
//       see the write whichever worker they reach.
//   deps.changes.subscribe((change) => ...) → unsubscribe
//       in-process listeners; each sees every change of every instance, its own included,
//       exactly once, in the order this instance received them.
//   deps.changes.connect(transport)
//       carries changes between instances. On PostgreSQL `postgresTransport` uses
//       LISTEN/NOTIFY on a channel of the database schema; another transport (e.g. between the
//       workers of one machine) is one more object with `send` and an `onReceive` callback.
//   deps.changes.close()
//       stops the transports; listeners hear nothing more.
//
// Writes of authentication bookkeeping (sessions, OAuth nonces, token last-use times) are not
// announced: they change nothing anybody reads. A credential that stops working (signing out,
// a password reset, a revoked access token) is: `Credentials`, the account's id, so instances
// that keep who a credential names forget it.
import crypto from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/database';
import type { Visibility } from '../db/schema';

export interface Change {
  networkId: number;
  /** What changed; an item's change covers its tags and the activity events about it. */
  kind: ChangeKind;
  id: number;
  op: 'created' | 'updated' | 'deleted';
  /** Account id of whoever wrote the item (for a Member: the member's account). */
  authorId?: number;
  /** The item's visibility, when it has one and the write set or kept it. */
  visibility?: Visibility;
  /** For a comment, tag or activity: the item it is about. */
  on?: { kind: string; id: number; authorId?: number };
}

export type ChangeKind =
  | 'BlogPost'
  | 'Photo'
  | 'Topic'
  | 'Video'
  | 'Comment'
  | 'Member'
  | 'Friendship'
  | 'Activity'
  | 'Broadcast'
  | 'Category'
  | 'Network'
  /** A session or access token of the account `id` (and `authorId`) ended. */
  | 'Credentials';

/** The change that says a session or access token of `accountId` ended. */
export const credentialsEnded = (networkId: number, accountId: number): Change => ({
  networkId,
  kind: 'Credentials',
  id: accountId,
  op: 'deleted',
  authorId: accountId,
});

export type ChangeListener = (change: Change) => void;

/**
 * How changes travel between instances: `send` what this one committed, call `onReceive` with
 * what others did. A `send` that returns a promise resolves once its peers have delivered the
 * changes (or it stopped waiting for them); it never rejects.
 */
export interface ChangeTransport {
  send(changes: Change[]): Promise<void> | void;
  onReceive?: (changes: Change[]) => void;
  close(): Promise<void>;
}

export class ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private readonly transports: ChangeTransport[] = [];

  constructor(private readonly log?: Logger) {}

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Publishes changes that have committed: to this instance's listeners, then to the other
   * instances; resolves once the transports that wait for their peers have heard back.
   */
  async publish(changes: Change[]): Promise<void> {
    if (changes.length === 0) return;
    this.deliver(changes);
    await Promise.all(this.transports.map((t) => t.send(changes)));
  }

  connect(transport: ChangeTransport): void {
    transport.onReceive = (changes) => this.deliver(changes);
    this.transports.push(transport);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all(this.transports.splice(0).map((t) => t.close()));
  }

  private deliver(changes: Change[]) {
    for (const change of changes) {
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch (err) {
          this.log?.error({ err }, 'change listener failed');
        }
      }
    }
  }
}

const pending = new WeakMap<Tx, Change[]>();

/**
 * PostgreSQL ended the transaction to break a deadlock (writes that lock the same counters in
 * another order: a post created with a tag while another with that tag is deleted) or a
 * serialization conflict. Nothing of it was kept, so it may run again.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

/**
 * Runs `work` in one transaction and publishes what it announced once the transaction has
 * committed. A transaction PostgreSQL gave up on is run again, a few times, after a short
 * random pause; only then does the request hear of the conflict (409).
 */
export async function committed<T>(deps: { db: Db; changes: ChangeBus }, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const announced: Change[] = [];
    try {
      const result = await deps.db.transaction().execute((tx) => {
        pending.set(tx, announced);
        return work(tx);
      });
      await deps.changes.publish(announced);
      return result;
    } catch (error) {
      if (attempt === ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
    }
  }
}

/** Announces a change written in `tx`, a transaction run by `committed`. */
export function announce(tx: Tx, change: Change): void {
  const list = pending.get(tx);
  if (!list) throw new Error(`A ${change.kind} change was written outside committed(): it would never be announced.`);
  list.push(change);
}

/** NOTIFY carries at most 8000 bytes: batches are split below that. */
const NOTIFY_LIMIT = 7900;

/**
 * Changes between instances on one PostgreSQL database: each committed batch is sent with
 * NOTIFY on the schema's channel, and a connection of its own LISTENs (reconnecting after a
 * failure). Each instance skips what came from its `origin`, which heard that already: the
 * instance itself, or with several workers on one machine, the machine (they hear each other
 * through their primary). Other instances hear a write within the second, not before it is
 * answered.
 */
export async function postgresTransport(options: { databaseUrl: string; schema?: string; origin?: string; log: Logger }): Promise<ChangeTransport> {
  const schema = options.schema ?? 'public';
  // A channel name is an identifier: at most 63 bytes.
  const channel = schema.length <= 40 ? `xn_changes_${schema}` : `xn_changes_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
  const origin = options.origin ?? crypto.randomUUID();
  const sender = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  sender.on('error', (err) => options.log.warn({ err }, 'change bus: sender connection'));
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const transport: ChangeTransport = {
    send(changes) {
      for (const batch of batches(changes)) {
        const payload = JSON.stringify({ origin, changes: batch });
        sender.query('select pg_notify($1, $2)', [channel, payload]).catch((err) => options.log.warn({ err }, 'change bus: notify failed'));
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await sender.end();
    },
  };

  const listen = async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        const parsed = JSON.parse(msg.payload) as { origin: string; changes: Change[] };
        if (parsed.origin !== origin) transport.onReceive?.(parsed.changes);
      } catch (err) {
        options.log.warn({ err }, 'change bus: unreadable notification');
      }
    });
    client.on('error', (err) => {
      options.log.warn({ err }, 'change bus: listening connection lost; reconnecting');
      void client.end().catch(() => {});
      if (listener === client) listener = undefined;
      relisten();
    });
    await client.connect();
    await client.query(`listen ${client.escapeIdentifier(channel)}`);
    listener = client;
  };
  const relisten = () => {
    if (closed) return;
    retry = setTimeout(() => listen().catch((err) => {
      options.log.warn({ err }, 'change bus: cannot listen yet');
      relisten();
    }), 1000);
  };
  await listen();
  return transport;
}

function* batches(changes: Change[]): Generator<Change[]> {
  let batch: Change[] = [];
  let size = 0;
  for (const change of changes) {
    const length = JSON.stringify(change).length + 1;
    if (batch.length > 0 && size + length > NOTIFY_LIMIT) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(change);
    size += length;
  }
  if (batch.length > 0) yield batch;
}

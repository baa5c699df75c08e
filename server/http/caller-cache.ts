// Whom a credential names, kept for a few seconds in each process, so a signed-in member's
// requests do not each read their session (or access token) and membership again.
//
// Freshness: whatever could change the answer is announced on the change bus — a membership
// changed (role, state, joined, left) as `Member`, a credential ended (signed out, password
// reset, token revoked) as `Credentials`, the network as `Network` — and drops what this
// process keeps of that account (of every account, for a network), so the very next request
// here is answered from the database; other processes forget when the bus brings them the
// change. What nothing announces (a write straight to the database) is caught by the time
// limit, or by `drop()` when the server is told.
import type { ChangeBus } from '../lib/changes';
import { GenerationMap } from '../lib/generation-map';

/** How long an answer is kept at most. */
const KEEP_MS = 5_000;
/** Most credentials kept; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Kept {
  accountId: number;
  until: number;
  value: unknown;
}

/** What a credential names, as read from the database. */
export interface Found<T> {
  value: T;
  accountId: number;
  /** When the credential itself expires (a session), if it does. */
  expiresAt?: number;
}

export interface CallerCache {
  /** What `key` (kind of credential, network and the credential's hash) names: kept, or read by `read` and kept. */
  find<T>(key: string, now: number, read: () => Promise<Found<T> | undefined>): Promise<T | undefined>;
  /** Forgets everything (after a write no change announced). */
  drop(): void;
}

export function callerCache(changes: ChangeBus): CallerCache {
  // An answer read while a change lands is not kept: it may be the one from before.
  const kept = new GenerationMap<string, Kept>(MAX_ENTRIES);
  const drop = () => kept.clear();
  changes.subscribe((change) => {
    if (change.kind === 'Network') drop();
    else if (change.kind === 'Member' || change.kind === 'Credentials') {
      const accountId = change.authorId;
      if (accountId === undefined) drop();
      else kept.drop((entry) => entry.accountId === accountId);
    }
  });
  return {
    async find<T>(key: string, now: number, read: () => Promise<Found<T> | undefined>) {
      const entry = kept.get(key);
      if (entry && now < entry.until) return entry.value as T;
      const found = await kept.read(key, async () => {
        const found = await read();
        return found && { accountId: found.accountId, until: Math.min(now + KEEP_MS, found.expiresAt ?? Infinity), value: found.value };
      });
      return found?.value as T | undefined;
    },
    drop,
  };
}

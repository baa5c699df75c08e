// Tag counts over the items the caller can see (the tag cloud, and the `count` of an item's
// tags), without counting the whole network on every request. What a caller sees is what
// their whole audience sees (scope.ts: `visibleToAudience`) plus a few items of their own
// and of their friends; the audience's counts are kept here per network, audience and type,
// and only the caller's extras are read per request.
//
// Freshness: every committed write that could change a count (an item, its tags, its
// visibility, approval or publication, a member or the network) announces itself on the
// change bus before it is answered, and drops the network's counts, so the very next read
// sees it; other processes hear of it through the bus. Counts are also taken again once a
// scheduled post of the network becomes due.
import type { Db } from '../../db/database';
import type { Change, ChangeBus } from '../../lib/changes';
import { audienceOf, type Audience, type ScopeContext } from '../../lib/scope';
import type { ContentTypeName } from '../content/types';
import type { TagCount } from './schema';
import { audienceTagCounts, extraTagCounts, nextDueTime } from './store';

export interface TagCountDeps {
  db: Db;
  changes: ChangeBus;
}

/** Most tags kept of one audience's counts; counts of the others are read when asked for. */
const KEPT_PER_AUDIENCE = 5_000;
/** Most tags kept over all networks, audiences and types (least recently used first out). */
const KEPT_IN_ALL = 100_000;
/** Changes that leave every audience's tag counts as they were. */
const UNCOUNTED: ReadonlySet<Change['kind']> = new Set(['Comment', 'Activity', 'Friendship', 'Broadcast', 'Credentials']);

interface AudienceCounts {
  networkId: number;
  /** The time the counts were taken at: items due by then are counted. */
  now: number;
  /** The next scheduled post becomes due then, and the counts are stale. */
  dueAt: number | null;
  /** Most used first, at most KEPT_PER_AUDIENCE. */
  top: TagCount[];
  byValue: Map<string, number>;
  /** Whether `top` holds every tag the audience sees. */
  complete: boolean;
}

class TagCountCache {
  /** By `network/audience/type`; a pending read is shared by the requests that wait for it. */
  private readonly kept = new Map<string, { networkId: number; counts: Promise<AudienceCounts>; size: number }>();
  private size = 0;

  constructor(private readonly db: Db, changes: ChangeBus) {
    // A member's profile is on every network, but it carries no tags: only their own network's counts.
    changes.subscribe((change) => {
      if (!UNCOUNTED.has(change.kind)) this.drop(change.networkId);
    });
  }

  drop(scope: number | 'all') {
    for (const [key, entry] of this.kept) {
      if (scope === 'all' || entry.networkId === scope) this.forget(key);
    }
  }

  async counts(networkId: number, audience: Audience, type: ContentTypeName | undefined, now: number): Promise<AudienceCounts> {
    const key = `${networkId}/${audience}/${type ?? ''}`;
    const entry = this.kept.get(key);
    if (entry) {
      const counts = await entry.counts;
      if (counts.dueAt === null || now < counts.dueAt) {
        // Most recently used last: the first entries are the first to go.
        if (this.kept.get(key) === entry) {
          this.kept.delete(key);
          this.kept.set(key, entry);
        }
        return counts;
      }
      if (this.kept.get(key) === entry) this.forget(key);
    }
    const kept = { networkId, size: 0, counts: this.read(networkId, audience, type, now) };
    this.kept.set(key, kept);
    try {
      const counts = await kept.counts;
      if (this.kept.get(key) === kept) {
        kept.size = counts.top.length;
        this.size += kept.size;
        while (this.size > KEPT_IN_ALL) this.forget(this.kept.keys().next().value!);
      }
      return counts;
    } catch (error) {
      if (this.kept.get(key) === kept) this.forget(key);
      throw error;
    }
  }

  private forget(key: string) {
    this.size -= this.kept.get(key)?.size ?? 0;
    this.kept.delete(key);
  }

  private async read(networkId: number, audience: Audience, type: ContentTypeName | undefined, now: number): Promise<AudienceCounts> {
    const [top, dueAt] = await Promise.all([
      audienceTagCounts(this.db, networkId, audience, now, { type, limit: KEPT_PER_AUDIENCE + 1 }),
      nextDueTime(this.db, networkId, now),
    ]);
    const complete = top.length <= KEPT_PER_AUDIENCE;
    if (!complete) top.pop();
    return { networkId, now, dueAt, top, byValue: new Map(top.map((t) => [t.value, t.count])), complete };
  }
}

/** One cache per change bus, which is one per running service. */
const caches = new WeakMap<ChangeBus, TagCountCache>();

function cacheOf(deps: TagCountDeps): TagCountCache {
  let cache = caches.get(deps.changes);
  if (!cache) caches.set(deps.changes, (cache = new TagCountCache(deps.db, deps.changes)));
  return cache;
}

/** Drops the counts kept of a network (or of all) after a write no change announced. */
export function dropTagCounts(deps: TagCountDeps, scope: number | 'all') {
  caches.get(deps.changes)?.drop(scope);
}

/**
 * How many items the caller can see carry each tag, most used first: the items pass the
 * visibility scope of their type before they are counted, so a friends-only post's tags count
 * only for the author's friends. `values`: only those tags; `type`: only items of that type.
 */
export async function tagCounts(
  deps: TagCountDeps,
  scope: ScopeContext,
  options: { values?: string[]; type?: ContentTypeName; limit?: number },
): Promise<TagCount[]> {
  if (options.values?.length === 0) return [];
  const audience = audienceOf(scope);
  const shared = await cacheOf(deps).counts(scope.network.id, audience, options.type, scope.now);
  const extra = await extraTagCounts(deps.db, scope, audience, shared.now, options);
  // The tags that can be among the answer: those asked for, or the audience's most used and
  // the caller's extras (another tag has no more than the last of the most used, before and after).
  const values = options.values ?? [...new Set([...shared.top.slice(0, options.limit).map((t) => t.value), ...extra.keys()])];
  const unknown = shared.complete ? [] : values.filter((v) => !shared.byValue.has(v));
  const others = new Map(
    (await audienceTagCounts(deps.db, scope.network.id, audience, shared.now, { type: options.type, values: unknown })).map((t) => [t.value, t.count]),
  );
  const counts = values
    .map((value) => ({ value, count: (shared.byValue.get(value) ?? others.get(value) ?? 0) + (extra.get(value) ?? 0) }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return options.limit === undefined ? counts : counts.slice(0, options.limit);
}

// Tag counts over the items the caller can see (the tag cloud, and the `count` of an item's
// tags), without counting the whole network on every request. What a caller sees is what
// their whole audience sees (scope.ts: `visibleToAudience`) plus a few items of their own
// and of their friends; the audience's counts are kept by the database in the transaction of
// every write (migration 0085), and only the caller's extras are read per request.
//
// The audiences' most used tags are kept in the process too (lib/kept-rows.ts), so that a
// reader with extras reads only those.
//
// Freshness: the counts in the database are committed with the write that changes them; the
// process keeps its own until the change bus announces the next write of the network (on this
// process before the write is answered, on the others within a second), or until the first
// scheduled post they leave out falls due: a scheduled post counts the moment it is due.
import type { Db } from '../../db/database';
import type { KeptRows } from '../../lib/kept-rows';
import { audienceOf, type ScopeContext } from '../../lib/scope';
import type { ContentTypeName } from '../content/types';
import type { TagCount } from './schema';
import { audienceTagCounts, audienceTagCountsUntil, extraTagCounts, mostUsedFirst } from './store';

export interface TagCountDeps {
  db: Db;
  /** Where the audiences' most used tags are kept between writes: then a reader's extras are all a request reads. */
  kept?: KeptRows;
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
  const network = scope.network.id;
  const shared =
    deps.kept && !options.values
      ? await deps.kept.value(network, `Tag/popular:${audience}:${options.type ?? ''}:${options.limit ?? ''}`, scope.now, () =>
          audienceTagCountsUntil(deps.db, network, audience, scope.now, options),
        )
      : await audienceTagCounts(deps.db, network, audience, scope.now, options);
  const extra = await extraTagCounts(deps.db, scope, audience, scope.now, options);
  const counts = new Map(shared.map((t) => [t.value, t.count]));
  // The tags that can be among the answer: those asked for, or the audience's most used and
  // the caller's extras (another tag has no more than the last of the most used, before and after).
  const unknown = options.values ? [] : [...extra.keys()].filter((v) => !counts.has(v));
  if (unknown.length > 0) {
    for (const t of await audienceTagCounts(deps.db, network, audience, scope.now, { type: options.type, values: unknown })) counts.set(t.value, t.count);
  }
  for (const [value, n] of extra) counts.set(value, (counts.get(value) ?? 0) + n);
  const sorted = [...counts].map(([value, count]) => ({ value, count })).filter((t) => t.count > 0).sort(mostUsedFirst);
  return options.limit === undefined ? sorted : sorted.slice(0, options.limit);
}

// Queries of the search feature: one page of matches of one kind (GET Search).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, ListingEnvelope } from '../../../lib/api-types';

export type SearchResult = Entry<'SearchResult'>;
export type SearchKind = SearchResult['type'];

/** The kinds a search looks through, in the order of the page's tabs, with what a member calls them. */
export const searchKinds: { kind: SearchKind; label: string; noun: string }[] = [
  { kind: 'BlogPost', label: 'Posts', noun: 'posts' },
  { kind: 'Topic', label: 'Topics', noun: 'forum topics' },
  { kind: 'Photo', label: 'Photos', noun: 'photos' },
  { kind: 'User', label: 'Members', noun: 'members' },
];

export const RESULTS_PER_PAGE = 10;

/** The search a URL asks for: `?q=` words, `type=` kind (posts by default), `anchor=` page. */
export function searchFromUrl(search: URLSearchParams) {
  const type = searchKinds.find((k) => k.kind === search.get('type'))?.kind ?? 'BlogPost';
  return { q: (search.get('q') ?? '').trim(), type, anchor: search.get('anchor') ?? undefined };
}

/** Whether the words hold anything the service searches for (letters or digits). */
export const hasWords = (q: string) => /[\p{L}\p{N}]/u.test(q);

export const searchQueries = {
  all: () => ['search'] as const,
  results: (network: string, { q, type, anchor }: { q: string; type: SearchKind; anchor?: string }) =>
    queryOptions({
      queryKey: [...searchQueries.all(), { network, q, type, anchor }] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<SearchResult>>(network, 'Search', { q, type, anchor, count: RESULTS_PER_PAGE }, signal),
      staleTime: 30_000,
    }),
};

// The tabs of the featured page, one per kind of item, and the query each reads (shared by the
// page and its route loader, so the loader stays free of the page's code).
import { windowCount } from '../../components/anchor-pager';
import { FEATURED_PER_PAGE, featuredQueries, type FeaturedKind } from './api/featured-queries';

export const FEATURED_TABS: { kind: FeaturedKind; label: string; empty: string }[] = [
  { kind: 'posts', label: 'Posts', empty: 'No featured posts yet.' },
  { kind: 'photos', label: 'Photos', empty: 'No featured photos yet.' },
  { kind: 'members', label: 'Members', empty: 'No featured members yet.' },
  { kind: 'topics', label: 'Topics', empty: 'No featured forum topics yet.' },
  { kind: 'videos', label: 'Videos', empty: 'No featured videos yet.' },
];

/** The tab a URL's `?kind=` names; Posts when it names none. */
export function featuredTabOf(search: URLSearchParams) {
  return FEATURED_TABS.find(({ kind }) => kind === search.get('kind')) ?? FEATURED_TABS[0]!;
}

/** The query a featured page reads, for its loader and itself. */
export function featuredQueryFor(network: string, search: URLSearchParams) {
  const { anchor, count } = windowCount(search, FEATURED_PER_PAGE);
  return featuredQueries.list(network, featuredTabOf(search).kind, anchor, count);
}

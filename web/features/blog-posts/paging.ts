// Paging through a post listing with the service's position anchors, kept in the URL with its
// filters (`?tag=&author=&anchor=&direction=`), so a page can be shared and Back returns to it.
// A window is either the posts after an anchor (towards older posts) or the posts just before
// it (`direction=newer`, a negative count); each response tells where its window ends.
import type { ListingEnvelope } from '../../lib/api-types';
import type { BlogPostListFilters } from './api/blog-post-queries';

export const POSTS_PER_PAGE = 10;

export type PageWindow = { anchor?: string; newer: boolean };

export function windowFromSearch(search: URLSearchParams): PageWindow {
  const anchor = search.get('anchor') || undefined;
  return { anchor, newer: anchor !== undefined && search.get('direction') === 'newer' };
}

export function countFor(window: PageWindow): number {
  return window.newer ? -POSTS_PER_PAGE : POSTS_PER_PAGE;
}

/** The listing a URL's search names: its filters and its window. */
export function listFiltersFromSearch(network: string, search: URLSearchParams): BlogPostListFilters {
  const window = windowFromSearch(search);
  return {
    network,
    tag: search.get('tag') || undefined,
    author: search.get('author') || undefined,
    anchor: window.anchor,
    count: countFor(window),
  };
}

/** Search strings of the neighbouring windows, filters kept; absent where there is nothing more. */
export function neighbours(
  search: URLSearchParams,
  listing: Pick<ListingEnvelope<unknown>, 'anchor' | 'firstPage' | 'lastPage'>,
): { newer?: string; older?: string } {
  const window = windowFromSearch(search);
  const beforeFirst = window.newer ? listing.anchor : window.anchor;
  const afterLast = window.newer ? window.anchor : listing.anchor;
  const at = (anchor: string, direction?: 'newer') => {
    const next = new URLSearchParams(search);
    next.set('anchor', anchor);
    if (direction) next.set('direction', direction);
    else next.delete('direction');
    return `?${next}`;
  };
  return {
    newer: !listing.firstPage && beforeFirst ? at(beforeFirst, 'newer') : undefined,
    older: !listing.lastPage && afterLast ? at(afterLast) : undefined,
  };
}

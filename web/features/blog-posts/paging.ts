// Paging through the recent listing with the service's position anchors, kept in the URL.
// A window is either the posts after an anchor (going to older posts) or the posts just
// before it (`direction=newer`, a negative count); each response tells where its window ends.
import type { ListingEnvelope } from '../../lib/api-types';

export const POSTS_PER_PAGE = 10;

export type PageWindow = { anchor?: string; newer: boolean };

export function windowFromSearch(search: URLSearchParams): PageWindow {
  const anchor = search.get('anchor') || undefined;
  return { anchor, newer: anchor !== undefined && search.get('direction') === 'newer' };
}

export function countFor(window: PageWindow): number {
  return window.newer ? -POSTS_PER_PAGE : POSTS_PER_PAGE;
}

/** Search strings of the neighbouring windows; absent where there is nothing more to show. */
export function neighbours(
  window: PageWindow,
  listing: Pick<ListingEnvelope<unknown>, 'anchor' | 'firstPage' | 'lastPage'>,
): { newer?: string; older?: string } {
  const beforeFirst = window.newer ? listing.anchor : window.anchor;
  const afterLast = window.newer ? window.anchor : listing.anchor;
  return {
    newer:
      !listing.firstPage && beforeFirst
        ? `?${new URLSearchParams({ anchor: beforeFirst, direction: 'newer' })}`
        : undefined,
    older:
      !listing.lastPage && afterLast ? `?${new URLSearchParams({ anchor: afterLast })}` : undefined,
  };
}

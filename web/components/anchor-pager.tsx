// Links to the neighbouring windows of a listing paged with the service's anchors, kept in the
// URL's search (`?anchor=&direction=`) with whatever else it holds, so Back returns to the same
// place. Shows nothing when the whole listing fits in one window.
import { Link } from 'react-router-dom';
import type { ListingEnvelope } from '../lib/api-types';
import { neighbours, windowFromSearch } from '../features/blog-posts/paging';

type Props = {
  search: URLSearchParams;
  listing: Pick<ListingEnvelope<unknown>, 'anchor' | 'firstPage' | 'lastPage'>;
  newer?: string;
  older?: string;
};

export function AnchorPager({ search, listing, newer = '← Newer', older = 'Older →' }: Props) {
  const pages = neighbours(search, listing);
  if (!pages.newer && !pages.older) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {pages.newer ? <Link to={pages.newer}>{newer}</Link> : <span />}
      {pages.older ? <Link to={pages.older}>{older}</Link> : null}
    </nav>
  );
}

/** The `count` of the window a URL's search names: `size` items after its anchor, or before it. */
export function windowCount(search: URLSearchParams, size: number): { anchor: string | undefined; count: number } {
  const window = windowFromSearch(search);
  return { anchor: window.anchor, count: window.newer ? -size : size };
}

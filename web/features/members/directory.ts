// The directory's order and window in the URL (`?order=newest&anchor=&direction=`), paged with
// the service's anchors like the blog, so a page of the directory can be shared.
import { windowFromSearch } from '../blog-posts/paging';
import type { DirectoryFilters, DirectoryOrder } from './api/member-queries';

export const MEMBERS_PER_PAGE = 30;

export const orderOf = (search: URLSearchParams): DirectoryOrder => (search.get('order') === 'newest' ? 'newest' : 'alpha');

export function directoryFromSearch(network: string, search: URLSearchParams): DirectoryFilters {
  const window = windowFromSearch(search);
  return { network, order: orderOf(search), anchor: window.anchor, count: window.newer ? -MEMBERS_PER_PAGE : MEMBERS_PER_PAGE };
}

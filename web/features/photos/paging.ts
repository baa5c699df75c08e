// The gallery's window in the URL (`?author=&tag=&anchor=&direction=`), paged with the
// service's anchors exactly as the blog is, so a gallery page can be shared and Back returns to it.
import { windowFromSearch } from '../blog-posts/paging';
import type { PhotoListFilters } from './api/photo-queries';

export const PHOTOS_PER_PAGE = 24;

export function photoFiltersFromSearch(network: string, search: URLSearchParams, perPage = PHOTOS_PER_PAGE): PhotoListFilters {
  const window = windowFromSearch(search);
  return {
    network,
    author: search.get('author') || undefined,
    tag: search.get('tag') || undefined,
    anchor: window.anchor,
    count: window.newer ? -perPage : perPage,
  };
}

// Queries of the blog-posts feature: the recent listing (one window of it) and one post.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { BlogPost, EntryEnvelope, ListingEnvelope } from '../../../lib/api-types';

export type BlogPostSummary = Pick<
  BlogPost,
  'id' | 'author' | 'createdDate' | 'title' | 'topTags' | 'commentCount'
>;

export type BlogPostListFilters = {
  network: string;
  tag?: string;
  anchor?: string;
  /** Positive: the posts after `anchor`; negative: the posts just before it. */
  count: number;
};

// The listing never shows bodies, which may be up to 100,000 characters each.
const summaryFields = [
  'id',
  'author',
  'createdDate',
  'title',
  'topTags',
  'commentCount',
  'author.fullName',
  'author.iconUrl',
  'author.url',
].join(',');

export const blogPostQueries = {
  all: () => ['blogPosts'] as const,
  list: (filters: BlogPostListFilters) =>
    queryOptions({
      queryKey: [...blogPostQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<BlogPostSummary>>(
          filters.network,
          'BlogPost/recent',
          { count: filters.count, anchor: filters.anchor, tag: filters.tag, fields: summaryFields },
          signal,
        ),
    }),
  detail: (network: string, id: string) =>
    queryOptions({
      queryKey: [...blogPostQueries.all(), 'detail', { network, id }] as const,
      queryFn: ({ signal }) => apiGet<EntryEnvelope<BlogPost>>(network, 'BlogPost', { id }, signal),
    }),
};

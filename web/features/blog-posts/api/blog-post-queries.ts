// Queries of the blog-posts feature: one window of a listing, and one post.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { BlogPost, EntryEnvelope, Fields, ListingEnvelope } from '../../../lib/api-types';

export type PostAuthor = Fields<'User', 'author' | 'fullName' | 'iconUrl' | 'url' | 'statusMessage' | 'location' | 'createdDate'>;

export type BlogPostSummary = Fields<
  'BlogPost',
  'author' | 'createdDate' | 'publishTime' | 'title' | 'topTags' | 'commentCount' | 'featuredDate' | 'url' | 'approved'
>;

export type BlogPostListFilters = {
  network: string;
  tag?: string;
  /** The author's screen name. */
  author?: string;
  anchor?: string;
  /** Positive: the posts after `anchor`; negative: the posts just before it. */
  count: number;
};

// Listings never show bodies, which may be up to 100,000 characters each.
export const summaryFields = [
  'id',
  'author',
  'createdDate',
  'publishTime',
  'title',
  'topTags',
  'commentCount',
  'featuredDate',
  'url',
  'approved',
  'author.fullName',
  'author.iconUrl',
  'author.url',
].join(',');

export const blogPostQueries = {
  all: () => ['blogPosts'] as const,
  lists: () => [...blogPostQueries.all(), 'list'] as const,
  list: ({ network, tag, author, anchor, count }: BlogPostListFilters) =>
    queryOptions({
      queryKey: [...blogPostQueries.lists(), { network, tag, author, anchor, count }] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<BlogPostSummary>>(
          network,
          'BlogPost/recent',
          { count, anchor, tag, author, fields: summaryFields },
          signal,
        ),
    }),
  detail: (network: string, id: string) =>
    queryOptions({
      queryKey: [...blogPostQueries.all(), 'detail', { network, id }] as const,
      queryFn: ({ signal }) => apiGet<EntryEnvelope<BlogPost>>(network, 'BlogPost', { id }, signal),
    }),
  /** The member a post's author card introduces. */
  author: (network: string, screenName: string) =>
    queryOptions({
      queryKey: ['members', 'detail', { network, screenName }] as const,
      queryFn: async ({ signal }) =>
        (
          await apiGet<EntryEnvelope<PostAuthor>>(
            network,
            'User',
            { author: screenName, fields: 'author,fullName,iconUrl,url,statusMessage,location,createdDate' },
            signal,
          )
        ).entry,
      staleTime: 5 * 60_000,
    }),
};

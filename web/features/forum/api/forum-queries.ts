// What the forum pages read: the categories (A to Z), one category, a window of topics (all,
// or one category's, newest first, paged with anchors) and one topic. Replies are comments.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, EntryEnvelope, Fields, ListingEnvelope, MemberResource } from '../../../lib/api-types';

export type Category = Entry<'Category'>;
export type Topic = Entry<'Topic'>;
export type TopicSummary = Fields<'Topic', 'author' | 'title' | 'url' | 'createdDate' | 'commentCount' | 'isClosed' | 'categoryId' | 'topTags'>;

/** A topic listing's `resources` hold members, and categories' titles by their id. */
export type TopicListing = Omit<ListingEnvelope<TopicSummary>, 'resources'> & { resources: Record<string, Partial<MemberResource> & { title?: string }> };

export const TOPICS_PER_PAGE = 20;
const CATEGORIES_SHOWN = 100;

const topicFields = 'id,author,title,url,createdDate,commentCount,isClosed,categoryId,topTags,author.fullName,author.iconUrl,author.url,categoryId.title,categoryId.url';

export const forumQueries = {
  all: () => ['forum'] as const,
  categories: (network: string) =>
    queryOptions({
      queryKey: [...forumQueries.all(), 'categories', network] as const,
      queryFn: ({ signal }) => apiGet<ListingEnvelope<Category>>(network, 'Category/alpha', { count: CATEGORIES_SHOWN }, signal),
    }),
  category: (network: string, id: string) =>
    queryOptions({
      queryKey: [...forumQueries.all(), 'category', network, id] as const,
      queryFn: ({ signal }) => apiGet<EntryEnvelope<Category>>(network, 'Category', { id }, signal),
    }),
  topics: (network: string, categoryId: string | undefined, anchor: string | undefined, count: number) =>
    queryOptions({
      queryKey: [...forumQueries.all(), 'topics', network, { categoryId, anchor, count }] as const,
      queryFn: ({ signal }) => apiGet<TopicListing>(network, 'Topic/recent', { categoryId, anchor, count, fields: topicFields }, signal),
    }),
  topic: (network: string, id: string) =>
    queryOptions({
      queryKey: [...forumQueries.all(), 'topic', network, id] as const,
      queryFn: ({ signal }) => apiGet<EntryEnvelope<Topic>>(network, 'Topic', { id }, signal),
    }),
};

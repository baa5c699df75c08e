// What the front page shows besides the recent posts: what administrators featured (posts,
// photos, members), what happened lately, the tags most used, and their latest broadcast.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, Fields, ImageResource, ListingEnvelope, MemberResource, Reply } from '../../../lib/api-types';
import type { BlogPostSummary } from '../../blog-posts/api/blog-post-queries';

export type FeaturedPhoto = Fields<'Photo', 'title' | 'image' | 'url'>;
export type FeaturedMember = Fields<'User', 'author' | 'fullName' | 'iconUrl' | 'url'>;
export type ActivityItem = Entry<'Activity'>;
export type Broadcast = Entry<'BroadcastMessage'>;

type WithResources<T, R> = Omit<ListingEnvelope<T>, 'resources'> & { resources: Record<string, R> };

const postFields = 'id,author,createdDate,publishTime,title,topTags,commentCount,featuredDate,url,author.fullName,author.iconUrl,author.url';

export const frontPageQueries = {
  all: () => ['frontPage'] as const,
  featuredPosts: (network: string) =>
    queryOptions({
      queryKey: ['blogPosts', 'featured', network] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<BlogPostSummary>>(network, 'BlogPost/featured', { count: 3, fields: postFields }, signal),
    }),
  featuredPhotos: (network: string) =>
    queryOptions({
      queryKey: ['photos', 'featured', network] as const,
      queryFn: ({ signal }) =>
        apiGet<WithResources<FeaturedPhoto, ImageResource>>(
          network,
          'Photo/featured',
          { count: 6, fields: 'id,title,image,url,image.url,image.width,image.height,image.thumbnailUrl,image.mediumUrl' },
          signal,
        ),
    }),
  featuredMembers: (network: string) =>
    queryOptions({
      queryKey: ['members', 'featured', network] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<FeaturedMember>>(network, 'User/featured', { count: 8, fields: 'id,author,fullName,iconUrl,url' }, signal),
    }),
  recentActivity: (network: string) =>
    queryOptions({
      queryKey: ['activity', 'recent', network, 'front'] as const,
      queryFn: ({ signal }) =>
        apiGet<WithResources<ActivityItem, MemberResource & Partial<ImageResource>>>(network, 'Activity/recent', { count: 8 }, signal),
    }),
  popularTags: (network: string) =>
    queryOptions({
      queryKey: ['tags', 'popular', network] as const,
      queryFn: async ({ signal }) => {
        const reply = await apiGet<Reply<'/Tag/popular', 'get'>>(network, 'Tag/popular', { count: 20 }, signal);
        // The document allows one entry or several; this listing always sends an array.
        return [reply.entry].flat() as Required<Entry<'TagCount'>>[];
      },
    }),
  latestBroadcast: (network: string) =>
    queryOptions({
      queryKey: ['broadcasts', 'latest', network] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<ListingEnvelope<Broadcast>>(network, 'BroadcastMessage/recent', { count: 1 }, signal)).entry[0] ?? null,
    }),
};

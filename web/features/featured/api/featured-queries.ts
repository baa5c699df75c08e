// What administrators featured, one kind at a time, most recently featured first, in windows
// paged with the service's anchors.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Fields, ImageResource, ListingEnvelope, MemberResource } from '../../../lib/api-types';
import type { BlogPostSummary } from '../../blog-posts/api/blog-post-queries';

export type FeaturedKind = 'posts' | 'photos' | 'members' | 'topics' | 'videos';

export type FeaturedPhotoItem = Fields<'Photo', 'author' | 'title' | 'image' | 'url' | 'featuredDate'>;
export type FeaturedMemberItem = Fields<'User', 'author' | 'fullName' | 'iconUrl' | 'url' | 'featuredDate' | 'statusMessage' | 'location'>;
export type FeaturedTopicItem = Fields<'Topic', 'author' | 'title' | 'url' | 'featuredDate' | 'commentCount'>;
export type FeaturedVideoItem = Fields<'Video', 'author' | 'title' | 'url' | 'featuredDate' | 'commentCount'>;

/** A listing whose `resources` hold members and, for photos, images by their key. */
export type MixedListing<T> = Omit<ListingEnvelope<T>, 'resources'> & {
  resources: Record<string, MemberResource & Partial<ImageResource>>;
};

export type FeaturedListings = {
  posts: MixedListing<BlogPostSummary>;
  photos: MixedListing<FeaturedPhotoItem>;
  members: MixedListing<FeaturedMemberItem>;
  topics: MixedListing<FeaturedTopicItem>;
  videos: MixedListing<FeaturedVideoItem>;
};

const author = 'author.fullName,author.iconUrl,author.url';
const SOURCES: Record<FeaturedKind, { resource: string; fields: string; key: string }> = {
  posts: {
    resource: 'BlogPost/featured',
    key: 'blogPosts',
    fields: `id,author,createdDate,publishTime,title,topTags,commentCount,featuredDate,url,${author}`,
  },
  photos: {
    resource: 'Photo/featured',
    key: 'photos',
    fields: `id,author,title,image,url,featuredDate,image.url,image.width,image.height,image.thumbnailUrl,image.mediumUrl,${author}`,
  },
  members: { resource: 'User/featured', key: 'members', fields: 'id,author,fullName,iconUrl,url,featuredDate,statusMessage,location' },
  topics: { resource: 'Topic/featured', key: 'forum', fields: `id,author,title,url,featuredDate,commentCount,${author}` },
  videos: { resource: 'Video/featured', key: 'videos', fields: `id,author,title,url,featuredDate,commentCount,${author}` },
};

export const FEATURED_PER_PAGE = 20;

export const featuredQueries = {
  list: <K extends FeaturedKind>(network: string, kind: K, anchor: string | undefined, count: number) =>
    queryOptions({
      // Under each kind's own key, so featuring or changing an item refreshes this list too.
      queryKey: [SOURCES[kind].key, 'featured', network, { anchor, count }] as const,
      queryFn: ({ signal }) =>
        apiGet<FeaturedListings[K]>(network, SOURCES[kind].resource, { anchor, count, fields: SOURCES[kind].fields }, signal),
    }),
};

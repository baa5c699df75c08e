// What the tag pages read: the most used tags (for the cloud), and for one tag the posts,
// photos, forum topics and videos carrying it, each kind paged with the service's anchors.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, Fields, ImageResource, ListingEnvelope, MemberResource, Reply } from '../../../lib/api-types';
import type { BlogPostSummary } from '../../blog-posts/api/blog-post-queries';

export type TaggedKind = 'posts' | 'photos' | 'topics' | 'videos';
export type TaggedPhoto = Fields<'Photo', 'author' | 'title' | 'image' | 'url'>;
export type TaggedTopic = Fields<'Topic', 'author' | 'title' | 'url' | 'createdDate' | 'commentCount'>;
export type TaggedVideo = Fields<'Video', 'author' | 'title' | 'url' | 'createdDate' | 'commentCount'>;

type Mixed<T> = Omit<ListingEnvelope<T>, 'resources'> & { resources: Record<string, MemberResource & Partial<ImageResource>> };
export type TaggedListings = { posts: Mixed<BlogPostSummary>; photos: Mixed<TaggedPhoto>; topics: Mixed<TaggedTopic>; videos: Mixed<TaggedVideo> };

export type TagUse = Required<Entry<'TagCount'>>;
/** The content types `Tag/popular?type=` narrows the cloud to. */
export type TagType = 'BlogPost' | 'Photo' | 'Topic' | 'Video';

const author = 'author.fullName,author.iconUrl,author.url';
const SOURCES: Record<TaggedKind, { resource: string; key: string; fields: string; size: number }> = {
  posts: {
    resource: 'BlogPost/recent',
    key: 'blogPosts',
    size: 10,
    fields: `id,author,createdDate,publishTime,title,topTags,commentCount,featuredDate,url,${author}`,
  },
  photos: {
    resource: 'Photo/recent',
    key: 'photos',
    size: 12,
    fields: `id,author,title,image,url,image.url,image.width,image.height,image.thumbnailUrl,image.mediumUrl,${author}`,
  },
  topics: { resource: 'Topic/recent', key: 'forum', size: 10, fields: `id,author,title,url,createdDate,commentCount,${author}` },
  videos: { resource: 'Video/recent', key: 'videos', size: 10, fields: `id,author,title,url,createdDate,commentCount,${author}` },
};

export const tagQueries = {
  popular: (network: string, type?: TagType) =>
    queryOptions({
      queryKey: ['tags', 'cloud', network, { type }] as const,
      queryFn: async ({ signal }) => {
        const reply = await apiGet<Reply<'/Tag/popular', 'get'>>(network, 'Tag/popular', { count: 100, type }, signal);
        // The document allows one entry or several; this listing always sends an array.
        return [reply.entry].flat() as TagUse[];
      },
    }),
  tagged: <K extends TaggedKind>(network: string, kind: K, tag: string) =>
    infiniteQueryOptions({
      queryKey: [SOURCES[kind].key, 'tagged', network, { tag }] as const,
      queryFn: ({ pageParam, signal }) =>
        apiGet<TaggedListings[K]>(
          network,
          SOURCES[kind].resource,
          { tag, anchor: pageParam, count: SOURCES[kind].size, fields: SOURCES[kind].fields },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
};

export const TAGGED_KINDS: TaggedKind[] = ['posts', 'photos', 'topics', 'videos'];

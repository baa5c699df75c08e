// What the writing pages read: a writer's posts by state (for "My posts"), the tags already in
// use (suggestions while tagging), the writer's photos (to put in a post), and a preview of a
// description as the server would store it.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, Fields, ListingEnvelope, PublishStatus, Reply } from '../../../lib/api-types';

export type MyPostSummary = Fields<
  'BlogPost',
  'title' | 'publishStatus' | 'publishTime' | 'updatedDate' | 'visibility' | 'commentCount' | 'topTags'
>;

/** What `resources` holds under a photo's image key (`image.*`). */
export type ImageResource = { url: string; width: number; height: number; thumbnailUrl: string; mediumUrl: string };
export type MyPhoto = Fields<'Photo', 'title' | 'image'>;
type PhotoListing = Omit<ListingEnvelope<MyPhoto>, 'resources'> & { resources: Record<string, ImageResource> };

const PHOTOS_SHOWN = 60;

export const writingQueries = {
  all: () => ['writing'] as const,
  myPosts: (network: string, author: string, publishStatus: PublishStatus, anchor: string | undefined, count: number) =>
    queryOptions({
      // Under blogPosts, so every write to a post refreshes these lists too.
      queryKey: ['blogPosts', 'mine', { network, author, publishStatus, anchor, count }] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<MyPostSummary>>(
          network,
          'BlogPost/recent',
          {
            author,
            publishStatus,
            anchor,
            count,
            fields: 'id,title,publishStatus,publishTime,updatedDate,visibility,commentCount,topTags',
          },
          signal,
        ),
    }),
  tagSuggestions: (network: string) =>
    queryOptions({
      queryKey: [...writingQueries.all(), 'tags', network] as const,
      queryFn: async ({ signal }) => {
        const reply = await apiGet<Reply<'/Tag/popular', 'get'>>(network, 'Tag/popular', { type: 'BlogPost', count: 100 }, signal);
        // The document describes `entry` as one object or several; this listing always sends an array.
        return [reply.entry].flat().flatMap((tag: Partial<Entry<'TagCount'>>) => (tag.value ? [tag.value] : []));
      },
      staleTime: 5 * 60_000,
    }),
  myPhotos: (network: string, author: string) =>
    queryOptions({
      queryKey: ['photos', 'mine', { network, author }] as const,
      queryFn: ({ signal }) =>
        apiGet<PhotoListing>(
          network,
          'Photo/recent',
          { author, count: PHOTOS_SHOWN, fields: 'id,title,image,image.url,image.width,image.height,image.thumbnailUrl,image.mediumUrl' },
          signal,
        ),
    }),
};

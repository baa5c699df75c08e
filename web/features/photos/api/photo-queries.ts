// Queries of the photos feature: one window of the gallery (everyone's, a member's or a tag's
// photos, newest first) and one photo with its image sizes.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EntryEnvelope, Fields, ImageResource, ListingEnvelope, MemberResource, Resources } from '../../../lib/api-types';

export type PhotoSummary = Fields<'Photo', 'author' | 'createdDate' | 'title' | 'commentCount' | 'url' | 'image'>;
export type Photo = Fields<
  'Photo',
  'author' | 'createdDate' | 'updatedDate' | 'featuredDate' | 'title' | 'description' | 'visibility' | 'approved' | 'commentCount' | 'url' | 'topTags' | 'image'
>;

/** `resources` of a photo reply: members by screen name, image sizes by the photo's image key. */
export type PhotoResources = Record<string, MemberResource | ImageResource>;
type WithPhotoResources<Envelope> = Omit<Envelope, 'resources'> & { resources: PhotoResources };

export type PhotoListFilters = {
  network: string;
  author?: string;
  tag?: string;
  anchor?: string;
  /** Positive: the photos after `anchor`; negative: the photos just before it. */
  count: number;
};

const imageFields = 'image.url,image.width,image.height,image.thumbnailUrl,image.mediumUrl';
const authorFields = 'author.fullName,author.iconUrl,author.url';
const summaryFields = `id,author,createdDate,title,commentCount,url,image,${imageFields},${authorFields}`;
const photoFields = `id,author,createdDate,updatedDate,featuredDate,title,description,visibility,approved,commentCount,url,topTags,image,${imageFields},${authorFields}`;

/** The image sizes of a photo, from its reply's `resources`. */
export function imageOf(resources: PhotoResources, photo: { image: string }): ImageResource | undefined {
  const image = resources[photo.image];
  return image && 'thumbnailUrl' in image ? image : undefined;
}

/** The members of a photo reply's `resources`, as bylines read them. */
export function membersOf(resources: PhotoResources): Resources {
  return Object.fromEntries(Object.entries(resources).filter(([, value]) => 'fullName' in value)) as Resources;
}

export const photoQueries = {
  all: () => ['photos'] as const,
  lists: () => [...photoQueries.all(), 'list'] as const,
  list: ({ network, author, tag, anchor, count }: PhotoListFilters) =>
    queryOptions({
      queryKey: [...photoQueries.lists(), { network, author, tag, anchor, count }] as const,
      queryFn: ({ signal }) =>
        apiGet<WithPhotoResources<ListingEnvelope<PhotoSummary>>>(
          network,
          'Photo/recent',
          { count, anchor, author, tag, fields: summaryFields },
          signal,
        ),
    }),
  detail: (network: string, id: string) =>
    queryOptions({
      queryKey: [...photoQueries.all(), 'detail', { network, id }] as const,
      queryFn: ({ signal }) =>
        apiGet<WithPhotoResources<EntryEnvelope<Photo>>>(network, 'Photo', { id, fields: photoFields }, signal),
    }),
};

// Parameters and entry shape of Photo. The entry keeps its image's key (the path of its
// largest size); `image.url|width|height` go into `resources` under that key.
import { z } from 'zod';
import { booleanParam, contentIdParam, visibilityParam } from '../../http/param-types';
import type { PresentContext, Presenter, Reference } from '../../http/fields';
import type { PhotoFormat, PhotoSize } from '../../db/schema';
import { personRef } from '../users/author-ref';
import { contentEntryBody, contentEntryStart, contentFields, descriptionParam, titleParam, type ContentItem } from '../content/schema';

const photoId = contentIdParam('Photo');

const writable = {
  title: titleParam,
  description: descriptionParam,
  tag: z.array(z.string()),
  visibility: visibilityParam,
  approved: booleanParam,
};

/** The image itself arrives as the multipart part `file` (see the endpoint's `upload`). */
export const createParams = z.object(writable).partial();
export const updateParams = z.object({ id: photoId, ...writable }).partial().required({ id: true });
export const deleteParams = z.object({ id: photoId });

/** One photo entry with all its fields, for the OpenAPI document. */
export const photoEntry = z
  .object({
    ...contentEntryStart,
    ...contentEntryBody,
    image: z.string().meta({ description: 'the key of the image in `resources`, where image.url, image.width and image.height are' }),
  })
  .meta({ title: 'Photo' });

/** What an image URL needs: the photo, and the format and size of its largest image. */
export interface PhotoImage {
  networkId: number;
  photoId: number;
  format: PhotoFormat;
  width: number;
  height: number;
}

export interface PhotoItem extends ContentItem {
  image: PhotoImage;
}

export const FILE_EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

/** Where one size of a photo's image is served; stable for the photo's life, so cached for long. */
export const imagePath = (image: PhotoImage, size: PhotoSize) =>
  `/xn/images/${image.networkId}/${image.photoId}/${size}.${FILE_EXTENSIONS[image.format]}`;

/**
 * `image.*`: the largest size's URL and dimensions, plus the URLs of the smaller sizes (our
 * extension), keyed by the path of the largest image. Activity entries about a photo share it.
 */
export function photoImageRef<T>(imageOf: (item: T) => PhotoImage | null): Reference<T> {
  const url = (size: PhotoSize) => (item: T, ctx: PresentContext) => {
    const image = imageOf(item);
    return image && `${ctx.origin}${imagePath(image, size)}`;
  };
  return {
    key: (item) => {
      const image = imageOf(item);
      return image && imagePath(image, 'large');
    },
    sub: {
      url: url('large'),
      width: (item) => imageOf(item)?.width,
      height: (item) => imageOf(item)?.height,
      mediumUrl: url('medium'),
      thumbnailUrl: url('thumbnail'),
    },
  };
}

/** The photo's page in the web app. */
export const photoUrl = (ctx: PresentContext, id: number) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/photos/${encodeURIComponent(`${ctx.networkId}:Photo:${id}`)}`;

export const photoPresenter: Presenter<PhotoItem> = {
  fields: {
    ...contentFields('Photo', photoUrl),
    topTags: (p) => p.tags,
    image: (p) => imagePath(p.image, 'large'),
  },
  refs: { author: personRef((p) => p.author), image: photoImageRef((p) => p.image) },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'title', 'description', 'visibility',
    'approved', 'commentCount', 'url', 'topTags', 'image',
    'author.fullName', 'author.iconUrl', 'author.url', 'image.url', 'image.width', 'image.height',
  ],
};

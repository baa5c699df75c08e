// Parameters and entry shape of Video. A video is a host and an id there; the entry's
// `embedCode`, `previewFrame` and `sourceUrl` are built from those two on the way out, and
// `previewFrame.url|width|height` go into `resources` under the preview frame's URL. The
// fields of uploaded videos (conversion, duration, attachment, size) are there, null or
// `complete`, because videos are never uploaded here.
import { z } from 'zod';
import { booleanParam, contentIdParam, visibilityParam } from '../../http/param-types';
import type { PresentContext, Presenter } from '../../http/fields';
import type { VideoHost } from '../../db/schema';
import { personRef } from '../users/author-ref';
import { contentEntryStart, contentFields, descriptionParam, titleParam, type ContentItem } from '../content/schema';
import { playerOf } from './video-source';

const videoId = contentIdParam('Video');

const source = z.string().max(10_000, { error: 'may have at most 10000 characters' });

const writable = {
  title: titleParam,
  description: descriptionParam,
  tag: z.array(z.string()),
  visibility: visibilityParam,
};

export const createParams = z
  .object({
    url: source.meta({ description: 'address of the video on YouTube, Vimeo or Dailymotion (or its embed code)' }),
    embedCode: source.meta({ description: 'the embed code the host offers for the video; only the video it names is kept' }),
    ...writable,
  })
  .partial();
export const updateParams = z.object({ id: videoId, ...writable, approved: booleanParam }).partial().required({ id: true });
export const deleteParams = z.object({ id: videoId });

export interface VideoItem extends ContentItem {
  host: VideoHost;
  host_video_id: string;
}

export const videoEntry = z
  .object({
    ...contentEntryStart,
    title: z.string(),
    description: z.string(),
    url: z.string(),
    sourceUrl: z.string().nullable().meta({ description: "the video's page on its host (our extension)" }),
    visibility: visibilityParam,
    approved: z.boolean(),
    commentCount: z.number().int(),
    tags: z.array(z.string()),
    conversionStatus: z.literal('complete'),
    duration: z.null(),
    embedCode: z.string().nullable().meta({ description: "an iframe of the host's player, built by the server" }),
    previewFrame: z.string().nullable().meta({ description: 'URL of a still of the video; key of `previewFrame.*` in resources' }),
    videoAttachmentUrl: z.null(),
    videoSizeInBytes: z.null(),
  })
  .meta({ title: 'Video' });

const player = (v: VideoItem) => playerOf({ host: v.host, id: v.host_video_id });
const previewFrame = (v: VideoItem) => player(v)?.previewFrame;

/** The video's page in the web app. */
export const videoUrl = (ctx: PresentContext, id: number) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/videos/${encodeURIComponent(`${ctx.networkId}:Video:${id}`)}`;

export const videoPresenter: Presenter<VideoItem> = {
  fields: {
    ...contentFields('Video', videoUrl),
    sourceUrl: (v) => player(v)?.pageUrl,
    tags: (v) => v.tags,
    conversionStatus: () => 'complete',
    duration: () => null,
    embedCode: (v) => player(v)?.embedCode,
    previewFrame: (v) => previewFrame(v)?.url,
    videoAttachmentUrl: () => null,
    videoSizeInBytes: () => null,
  },
  refs: {
    author: personRef((v) => v.author),
    previewFrame: {
      key: (v) => previewFrame(v)?.url ?? null,
      sub: {
        url: (v) => previewFrame(v)?.url,
        width: (v) => previewFrame(v)?.width,
        height: (v) => previewFrame(v)?.height,
      },
    },
  },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'title', 'description', 'url', 'sourceUrl',
    'visibility', 'approved', 'commentCount', 'tags', 'conversionStatus', 'duration', 'embedCode', 'previewFrame',
    'videoAttachmentUrl', 'videoSizeInBytes',
    'author.fullName', 'author.iconUrl', 'author.url', 'previewFrame.url', 'previewFrame.width', 'previewFrame.height',
  ],
};

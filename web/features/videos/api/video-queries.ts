// What the video pages read: a window of videos (newest first, paged with anchors) and one video.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, EntryEnvelope, Fields, ListingEnvelope } from '../../../lib/api-types';

export type Video = Entry<'Video'>;
export type VideoSummary = Fields<'Video', 'author' | 'title' | 'url' | 'sourceUrl' | 'createdDate' | 'commentCount' | 'tags'>;

export const VIDEOS_PER_PAGE = 20;

const summaryFields = 'id,author,title,url,sourceUrl,createdDate,commentCount,tags,author.fullName,author.iconUrl,author.url';

export const videoQueries = {
  all: () => ['videos'] as const,
  list: (network: string, anchor: string | undefined, count: number) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'list', network, { anchor, count }] as const,
      queryFn: ({ signal }) => apiGet<ListingEnvelope<VideoSummary>>(network, 'Video/recent', { anchor, count, fields: summaryFields }, signal),
    }),
  detail: (network: string, id: string) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'detail', network, id] as const,
      queryFn: ({ signal }) => apiGet<EntryEnvelope<Video>>(network, 'Video', { id }, signal),
    }),
};

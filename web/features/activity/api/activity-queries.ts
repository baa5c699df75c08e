// The activity feed: the network's events newest first, or one member's, in windows paged with
// the service's anchors. Only events about what the reader may see come back.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, ImageResource, ListingEnvelope, MemberResource } from '../../../lib/api-types';

export type ActivityEvent = Entry<'Activity'>;
export type ActivityListing = Omit<ListingEnvelope<ActivityEvent>, 'resources'> & {
  resources: Record<string, Partial<MemberResource> & Partial<ImageResource>>;
};

export const ACTIVITY_PER_PAGE = 20;

export const activityQueries = {
  all: () => ['activity'] as const,
  list: (network: string, member: string | undefined, anchor: string | undefined, count: number) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'list', network, { member, anchor, count }] as const,
      queryFn: ({ signal }) => apiGet<ActivityListing>(network, 'Activity/recent', { author: member, anchor, count }, signal),
    }),
};

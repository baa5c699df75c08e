// Queries of the comments feature: the comments on one content item.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Comment, ListingEnvelope } from '../../../lib/api-types';

/** The most the service returns in one listing; the web app shows no more than that yet. */
const COMMENTS_SHOWN = 100;

export const commentQueries = {
  all: () => ['comments'] as const,
  list: (network: string, attachedTo: string) =>
    queryOptions({
      queryKey: [...commentQueries.all(), 'list', { network, attachedTo }] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<Comment>>(
          network,
          'Comment/recent',
          { attachedTo, count: COMMENTS_SHOWN },
          signal,
        ),
    }),
};

// Queries of the friends feature: how the signed-in member and another stand (one state, or
// none), and the member's own lists by state: friends, requests to them, their requests, blocks.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Entry, Fields, ListingEnvelope } from '../../../lib/api-types';

export type FriendState = Entry<'Friend'>['state'];
type Relationship = Fields<'Friend', 'friend' | 'state' | 'updatedDate'>;

const PER_PAGE = 24;

export const friendQueries = {
  all: () => ['friends'] as const,
  /** How the signed-in member sees `screenName`: friend, pending, friend_request, blocked, or null. */
  relationship: (network: string, me: string, screenName: string) =>
    queryOptions({
      queryKey: [...friendQueries.all(), 'relationship', { network, me, screenName }] as const,
      queryFn: async ({ signal }): Promise<FriendState | null> => {
        const reply = await apiGet<ListingEnvelope<Fields<'Friend', 'friend' | 'state'>>>(
          network,
          'Friend/recent',
          { friend: screenName, count: 1, fields: 'friend,state' },
          signal,
        );
        return reply.entry[0]?.state ?? null;
      },
    }),
  /** The signed-in member's relationships in one state, A to Z, a page at a time. */
  mine: (network: string, me: string, state: FriendState) =>
    infiniteQueryOptions({
      queryKey: [...friendQueries.all(), 'mine', { network, me, state }] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGet<ListingEnvelope<Relationship>>(
          network,
          'Friend/alpha',
          { state, count: PER_PAGE, anchor: pageParam, fields: 'friend,state,updatedDate,friend.fullName,friend.iconUrl,friend.url' },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
};

// Queries of the members feature: one window of the directory (A to Z, or newest first), a
// member's profile, and the friends a member lists publicly.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EntryEnvelope, Fields, ListingEnvelope } from '../../../lib/api-types';

export type DirectoryOrder = 'alpha' | 'newest';

export type MemberSummary = Fields<'User', 'author' | 'fullName' | 'iconUrl' | 'url' | 'location' | 'statusMessage' | 'createdDate'>;
export type Profile = Fields<
  'User',
  'author' | 'fullName' | 'iconUrl' | 'url' | 'location' | 'statusMessage' | 'createdDate' | 'gender' | 'state' | 'isOwner' | 'isAdmin' | 'featuredDate'
>;
export type FriendEntry = Fields<'Friend', 'author' | 'friend' | 'state' | 'updatedDate'>;

export type DirectoryFilters = {
  network: string;
  order: DirectoryOrder;
  anchor?: string;
  /** Positive: the members after `anchor`; negative: the members just before it. */
  count: number;
};

const summaryFields = 'id,author,fullName,iconUrl,url,location,statusMessage,createdDate';
const profileFields = 'id,author,fullName,iconUrl,url,location,statusMessage,createdDate,gender,state,isOwner,isAdmin,featuredDate';
const friendFields = 'author,friend,state,updatedDate,friend.fullName,friend.iconUrl,friend.url';

export const FRIENDS_PER_PAGE = 24;
/** How many of a member's latest posts and photos their profile shows (and its loader prefetches). */
export const PROFILE_POSTS = 5;
export const PROFILE_PHOTOS = 8;

export const memberQueries = {
  all: () => ['members'] as const,
  directory: ({ network, order, anchor, count }: DirectoryFilters) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'directory', { network, order, anchor, count }] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<MemberSummary>>(
          network,
          order === 'alpha' ? 'User/alpha' : 'User/recent',
          { count, anchor, fields: summaryFields },
          signal,
        ),
    }),
  profile: (network: string, screenName: string) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'profile', { network, screenName }] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<EntryEnvelope<Profile>>(network, 'User', { author: screenName, fields: profileFields }, signal)).entry,
    }),
  /** The member's accepted friends, A to Z, a page at a time. Under `friends`, so friend changes refresh it. */
  friendsOf: (network: string, screenName: string) =>
    infiniteQueryOptions({
      queryKey: ['friends', 'of', { network, screenName }] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGet<ListingEnvelope<FriendEntry>>(
          network,
          'Friend/alpha',
          // `state`: a member's own list holds their requests and blocks too, which a profile does not show.
          { author: screenName, state: 'friend', count: FRIENDS_PER_PAGE, anchor: pageParam, fields: friendFields },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
};

// Every move of a friendship, as the signed-in member makes it: ask, accept, decline, cancel,
// unfriend, block, unblock. The button shows the new state at once and goes back if the
// service refuses. Accepting, unfriending and blocking change whose friends-only posts and
// photos the member may see, so every query is refreshed after any move.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DoneEnvelope } from '../../../lib/api-types';
import { friendQueries, type FriendState } from './friend-queries';

export type FriendAction = 'ask' | 'accept' | 'decline' | 'cancel' | 'unfriend' | 'block' | 'unblock';

/** The service's request for each move, and the state the caller is in afterwards. */
const MOVES: Record<FriendAction, { method: 'POST' | 'DELETE'; state?: FriendState; after: FriendState | null }> = {
  ask: { method: 'POST', after: 'pending' },
  accept: { method: 'POST', after: 'friend' },
  block: { method: 'POST', state: 'blocked', after: 'blocked' },
  decline: { method: 'DELETE', state: 'friend_request', after: null },
  cancel: { method: 'DELETE', state: 'pending', after: null },
  unfriend: { method: 'DELETE', state: 'friend', after: null },
  unblock: { method: 'DELETE', state: 'blocked', after: null },
};

export type FriendMove = { screenName: string; action: FriendAction };

export function friendMoveOptions(network: string, me: string) {
  return mutationOptions({
    mutationKey: [...friendQueries.all(), 'move', { network, me }],
    mutationFn: ({ screenName, action }: FriendMove, { client }) => {
      const { method, state } = MOVES[action];
      return apiSend<DoneEnvelope>(client, network, 'Friend', { method, query: { friend: screenName, state } });
    },
    onMutate: async ({ screenName, action }, { client }) => {
      const { queryKey } = friendQueries.relationship(network, me, screenName);
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData(queryKey);
      client.setQueryData(queryKey, MOVES[action].after);
      return { previous, queryKey };
    },
    onError: (_error, _move, onMutateResult, { client }) => {
      if (onMutateResult && onMutateResult.previous !== undefined) client.setQueryData(onMutateResult.queryKey, onMutateResult.previous);
    },
    meta: { invalidates: 'all' },
  });
}

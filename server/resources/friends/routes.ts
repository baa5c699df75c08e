// Friend route table. States are as the listed member (`author`) sees each friend:
// friend, pending (author asked), friend_request (the friend asked), blocked.
import { endpoint } from '../../http/endpoint';
import { listing } from '../../http/reply';
import { listsMembers } from '../../http/response-cache';
import { addParams, friendEntry, friendPresenter, listParams, removeParams } from './schema';
import { askOrAccept, block, endRelationship, friendList } from './service';
import type { FriendOrder } from './store';

const listEndpoint = (order: FriendOrder, summary: string) =>
  endpoint({
    method: 'GET',
    path: `Friend/${order}`,
    allow: 'anyone',
    summary,
    params: listParams,
    entry: friendEntry,
    handle: async (ctx, p) => {
      const { page, of } = await friendList(ctx, p, order, p.count, ctx.anchors.decode(p.anchor));
      // The member sees their requests and blocks too: a reply kept for others is never theirs.
      listsMembers(ctx.res, [of]);
      return listing(ctx, friendPresenter, page, p.fields);
    },
  });

export const friendEndpoints = [
  listEndpoint(
    'recent',
    "The caller's friends, requests and blocks, most recently changed first; with `author`, that member's accepted friends. " +
      '`state` (our extension) keeps one state; `friend` (our extension) only the relationship with that member.',
  ),
  listEndpoint(
    'alpha',
    "The caller's friends, requests and blocks by the friend's full name; with `author`, that member's accepted friends. " +
      '`state` (our extension) keeps one state; `friend` (our extension) only the relationship with that member.',
  ),
  endpoint({
    method: 'POST',
    path: 'Friend',
    allow: 'member',
    summary:
      'Asks `friend` to be friends, or accepts their request (recorded as AddFriend); `state=blocked` (our extension) blocks ' +
      'them instead, ending any friendship or request and refusing their requests and comments.',
    params: addParams,
    reply: 'done',
    handle: async (ctx, p) => {
      await (p.state === 'blocked' ? block(ctx, p.friend) : askOrAccept(ctx, p.friend));
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Friend',
    allow: 'member',
    summary: 'Unfriends, cancels a request, declines one or unblocks; with `state`, only a relationship in that state.',
    params: removeParams,
    handle: async (ctx, p) => {
      await endRelationship(ctx, p.friend, p.state);
      return {};
    },
  }),
];

// Parameters and entry shape of Friend.
import { z } from 'zod';
import { listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import type { FriendState } from '../../db/schema';
import { personRef, type PersonColumns } from '../users/author-ref';

const friendStates = ['friend', 'pending', 'friend_request', 'blocked'] as const satisfies readonly FriendState[];

const screenNameParam = z.string().trim().min(1, { error: 'must be a screen name' }).max(100);

export const listParams = z.object({
  author: screenNameParam.optional().meta({ description: "screen name: that member's accepted friends instead of the caller's list" }),
  state: z
    .enum(friendStates)
    .optional()
    .meta({ description: "our extension: only relationships in this state (others' lists hold only `friend`)" }),
  friend: screenNameParam
    .optional()
    .meta({ description: 'our extension: screen name; only the relationship with this member (an empty list when there is none)' }),
  ...listingParams,
});

const friendParam = screenNameParam.meta({ description: 'screen name of the other member' });

export const addParams = z.object({
  friend: friendParam,
  state: z
    .enum(['friend', 'pending', 'blocked'])
    .optional()
    .meta({ description: '`blocked` (our extension) blocks the member; absent, `friend` or `pending` asks or accepts' }),
});

export const removeParams = z.object({
  friend: friendParam,
  state: z
    .enum(friendStates)
    .optional()
    .meta({ description: 'end the relationship only if it is in this state: friend (unfriend), pending (cancel), friend_request (decline), blocked (unblock)' }),
});

export const friendEntry = z
  .object({
    author: z.string(),
    friend: z.string(),
    state: z.enum(friendStates),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
  })
  .meta({ title: 'Friend' });

export interface FriendItem {
  state: FriendState;
  created_at: number;
  updated_at: number;
  author: PersonColumns;
  friend: PersonColumns;
}

export const friendPresenter: Presenter<FriendItem> = {
  fields: {
    author: (f) => f.author.screenName,
    friend: (f) => f.friend.screenName,
    state: (f) => f.state,
    createdDate: (f) => isoDate(f.created_at),
    updatedDate: (f) => isoDate(f.updated_at),
  },
  refs: { author: personRef((f) => f.author), friend: personRef((f) => f.friend) },
  defaults: ['author', 'friend', 'state', 'createdDate', 'updatedDate', 'friend.fullName', 'friend.iconUrl', 'friend.url'],
};

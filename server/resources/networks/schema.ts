// Parameters and entry shape of Network.
import { z } from 'zod';
import { booleanParam, listingParams } from '../../http/param-types';
import { isoDate, type Presenter } from '../../http/fields';
import type { NetworkTable } from '../../db/schema';
import { defaultIconUrl, personRef } from '../users/author-ref';
import { iconUrlParam } from '../users/schema';
import { sortNameOf } from '../users/store';
import type { NetworkRow } from './store';

/** The per-network moderation flags, as the wire names them. */
const moderationFlags = {
  blogPostModeration: 'blog_post_moderation',
  commentModeration: 'comment_moderation',
  photoModeration: 'photo_moderation',
  userModeration: 'user_moderation',
  videoModeration: 'video_moderation',
  eventModeration: 'event_moderation',
  groupModeration: 'group_moderation',
} as const satisfies Record<string, keyof NetworkTable>;

type ModerationFlag = keyof typeof moderationFlags;

export const getParams = z.object({ fields: z.string().optional() });
export const alphaParams = z.object(listingParams);

export const updateParams = z
  .object({
    name: z.string().trim().min(1, { error: 'must not be empty' }).max(100),
    description: z.string().trim().max(1000),
    iconUrl: iconUrlParam,
    isPrivate: booleanParam.meta({ description: 'true: only members may read the network' }),
    ...(Object.fromEntries(Object.keys(moderationFlags).map((flag) => [flag, booleanParam])) as Record<ModerationFlag, typeof booleanParam>),
  })
  .partial();

export type NetworkUpdate = z.output<typeof updateParams>;

/** The columns an update writes. */
export function networkPatch(input: NetworkUpdate): Partial<NetworkTable> {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? (1 as const) : (0 as const));
  const patch: Partial<NetworkTable> = {
    ...(input.name !== undefined && { name: input.name, sort_name: sortNameOf(input.name) }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.iconUrl !== undefined && { icon_url: input.iconUrl }),
    ...(input.isPrivate !== undefined && { is_private: flag(input.isPrivate) }),
  };
  for (const [name, column] of Object.entries(moderationFlags)) {
    const value = flag(input[name as ModerationFlag]);
    if (value !== undefined) patch[column] = value;
  }
  return patch;
}

export const networkEntry = z
  .object({
    id: z.string().meta({ description: 'the network id that content ids start with' }),
    author: z.string().nullable().meta({ description: 'the Network Creator' }),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
    subdomain: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    url: z.string(),
    iconUrl: z.string().nullable(),
    defaultUserIconUrl: z.string(),
    isPrivate: z.boolean().meta({ description: 'only members may read the network (our extension)' }),
    ...(Object.fromEntries(Object.keys(moderationFlags).map((flag) => [flag, z.boolean()])) as Record<ModerationFlag, z.ZodBoolean>),
    xapiStatus: z.literal('enabled'),
  })
  .meta({ title: 'Network' });

const owner = (n: NetworkRow) =>
  n.owner_screen_name === null ? null : { screenName: n.owner_screen_name, fullName: n.owner_full_name!, iconUrl: n.owner_icon_url };

export const networkPresenter: Presenter<NetworkRow> = {
  fields: {
    id: (n) => String(n.id),
    author: (n) => n.owner_screen_name,
    createdDate: (n) => isoDate(n.created_at),
    updatedDate: (n) => isoDate(n.updated_at),
    subdomain: (n) => n.subdomain,
    name: (n) => n.name,
    description: (n) => n.description || null,
    url: (n, ctx) => `${ctx.origin}/n/${n.subdomain}`,
    iconUrl: (n) => n.icon_url,
    defaultUserIconUrl: (_n, ctx) => defaultIconUrl(ctx),
    isPrivate: (n) => n.is_private === 1,
    ...(Object.fromEntries(
      Object.entries(moderationFlags).map(([name, column]) => [name, (n: NetworkRow) => n[column] === 1]),
    ) as Record<ModerationFlag, (n: NetworkRow) => boolean>),
    // The historical API's switch for third-party applications; ours are always on.
    xapiStatus: () => 'enabled',
  },
  refs: { author: personRef(owner) },
  defaults: [
    'id', 'author', 'createdDate', 'updatedDate', 'subdomain', 'name', 'description', 'url', 'iconUrl', 'defaultUserIconUrl',
    'isPrivate', ...Object.keys(moderationFlags), 'xapiStatus', 'author.fullName', 'author.iconUrl', 'author.url',
  ],
};

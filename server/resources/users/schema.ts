// Parameters and entry shape of the member endpoints.
import { z } from 'zod';
import { booleanParam, contentIdParam, dateParam, listingParams, parseDate } from '../../http/param-types';
import { fail } from '../../http/params';
import { isoDate, type Presenter } from '../../http/fields';
import type { Account, Member } from '../../db/schema';
import { isAdmin } from '../../lib/viewer';
import type { ScopeContext } from '../../lib/scope';
import { memberStateFilters } from './store';
import { iconUrlOf, memberUrl, personRef } from './author-ref';

export const MAX_STATUS_MESSAGE = 140;
export const MAX_FULL_NAME = 100;
const MAX_ANSWERS = 50;

export const userId = contentIdParam('User');

const fullName = z.string().trim().min(1, { error: 'must not be empty' }).max(MAX_FULL_NAME);

/** A member's password: what joining and choosing a new one accept. */
export const passwordParam = z.string().min(8, { error: 'must have at least 8 characters' }).max(200);

export const joinParams = z.object({
  email: z.email({ error: 'must be an email address' }).max(320),
  password: passwordParam,
  fullName,
});

const memberFilters = { isMember: booleanParam.optional(), approved: booleanParam.optional() };

export const getParams = z.object({
  id: z.array(userId).optional(),
  author: z.array(z.string().max(100)).optional().meta({ description: 'screen name; repeat for several members' }),
  fields: z.string().optional(),
});
export const recentParams = z.object({ ...memberFilters, ...listingParams });
export const featuredParams = z.object(listingParams);
export const searchParams = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'text in the full name, email or screen name, case ignored' }),
  state: z
    .array(z.enum(memberStateFilters))
    .optional()
    .meta({ description: 'members in any of these states (repeatable): pending, active, blocked, admin (active administrators and the Network Creator)' }),
  order: z.enum(['recent', 'alpha']).default('recent').meta({ description: 'recent: newest members first (default); alpha: by full name' }),
  ...listingParams,
});
export const countParams = z.object({ ...memberFilters, createdAfter: dateParam.optional() });

/** Text that may be cleared: an empty value stores nothing. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `may have at most ${max} characters` })
    .transform((v) => v || null);

const birthdate = z
  .string()
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const ms = parseDate(v);
    if (ms === null || ms > Date.now()) return fail(ctx, 'invalidValue', 'must be a past ISO-8601 date such as 1990-04-21');
    return new Date(ms).toISOString().slice(0, 10);
  })
  .meta({ description: 'YYYY-MM-DD (or any ISO-8601 date); empty clears it' });

/** An icon given by its http(s) URL; empty clears it. */
export const iconUrlParam = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    if (v.length > 2000 || !/^https?:$/.test(URL.parse(v)?.protocol ?? '')) return fail(ctx, 'invalidValue', 'must be an http or https URL');
    return v;
  })
  .meta({ description: 'http(s) URL of the icon; empty restores the default' });

const profileAnswers = z
  .string()
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const parsed = z.record(z.string().max(200), z.string().max(2000)).safeParse(safeJson(v));
    if (!parsed.success || Object.keys(parsed.data).length > MAX_ANSWERS) {
      return fail(ctx, 'invalidValue', `must be a JSON object of at most ${MAX_ANSWERS} question: answer strings`);
    }
    return Object.keys(parsed.data).length ? parsed.data : null;
  })
  .meta({ description: 'JSON object {question: answer} of the member’s answers to the network’s profile questions' });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const updateParams = z.object({
  id: userId.optional().meta({ description: 'the member to change; the caller when absent' }),
  fullName,
  statusMessage: clearable(MAX_STATUS_MESSAGE),
  location: clearable(200),
  birthdate,
  gender: clearable(50),
  iconUrl: iconUrlParam,
  profileQuestions: profileAnswers,
  approved: booleanParam.meta({ description: 'administrators: true approves a pending member' }),
  isBlocked: booleanParam.meta({ description: 'administrators: blocks or unblocks a member' }),
  isAdmin: booleanParam.meta({ description: 'the Network Creator: makes or unmakes an administrator' }),
}).partial();

export const deleteParams = z.object({ id: userId });

export type UpdateInput = z.output<typeof updateParams>;

export const userEntry = z
  .object({
    id: z.string(),
    author: z.string().meta({ description: 'screen name' }),
    createdDate: z.iso.datetime().meta({ description: 'when the member joined' }),
    updatedDate: z.iso.datetime(),
    featuredDate: z.iso.datetime().nullable(),
    email: z.string().nullable().meta({ description: 'administrators and the member only; null for others' }),
    fullName: z.string(),
    iconUrl: z.string(),
    url: z.string(),
    birthdate: z.iso.datetime().nullable().meta({ description: 'the date at midnight UTC' }),
    gender: z.string().nullable(),
    location: z.string().nullable(),
    commentCount: z.number().int(),
    isOwner: z.boolean(),
    isAdmin: z.boolean(),
    isMember: z.boolean(),
    isBlocked: z.boolean(),
    state: z.enum(['owner', 'active', 'pending', 'blocked']),
    statusMessage: z.string().nullable(),
    approved: z.boolean(),
    visibility: z.enum(['all', 'members']).meta({ description: 'who may see the profile: members only on a private network' }),
    profileQuestions: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: 'answers to the network’s profile questions; administrators and the member only' }),
  })
  .meta({ title: 'User' });

/** A membership with its account's profile; `updated_at` is the later of the two. */
export type UserItem = Omit<Member, 'network_id' | 'profile_questions'> &
  Pick<Account, 'email' | 'screen_name' | 'full_name' | 'icon_url' | 'birthdate' | 'gender' | 'location'> & {
    profile_questions: Record<string, string> | null;
    commentCount: number;
  };

const person = (u: UserItem) => ({ screenName: u.screen_name, fullName: u.full_name, iconUrl: u.icon_url });
const active = (u: UserItem) => u.state === 'active';

/** Most presenters kept (see userPresenter); a few callers' worth each, so a handful of entries in all. */
const MAX_PRESENTERS = 1000;
const presenters = new Map<string, Presenter<UserItem>>();

/**
 * Members as the caller sees them: `email` and `profileQuestions` only for administrators and
 * the member. Kept per what the presenter depends on, so that a request neither rebuilds it
 * nor works out its `fields` again (fields.ts keeps selections per presenter).
 */
export function userPresenter(scope: ScopeContext): Presenter<UserItem> {
  const admin = isAdmin(scope.viewer);
  const key = `${admin ? 'admin' : scope.viewer.accountId}:${scope.network.is_private ? 1 : 0}`;
  let presenter = presenters.get(key);
  if (!presenter) {
    if (presenters.size >= MAX_PRESENTERS) presenters.delete(presenters.keys().next().value!);
    presenters.set(key, (presenter = presenterFor(admin, scope.viewer.accountId, Boolean(scope.network.is_private))));
  }
  return presenter;
}

function presenterFor(admin: boolean, accountId: number | null, privateNetwork: boolean): Presenter<UserItem> {
  const mayReadPrivate = (u: UserItem) => admin || u.account_id === accountId;
  return {
    fields: {
      id: (u, ctx) => `${ctx.networkId}:User:${u.id}`,
      author: (u) => u.screen_name,
      createdDate: (u) => isoDate(u.created_at),
      updatedDate: (u) => isoDate(u.updated_at),
      featuredDate: (u) => isoDate(u.featured_at),
      email: (u) => (mayReadPrivate(u) ? u.email : null),
      fullName: (u) => u.full_name,
      iconUrl: (u, ctx) => iconUrlOf(ctx, person(u)),
      url: (u, ctx) => memberUrl(ctx, u.screen_name),
      birthdate: (u) => u.birthdate && `${u.birthdate}T00:00:00.000Z`,
      gender: (u) => u.gender,
      location: (u) => u.location,
      commentCount: (u) => u.commentCount,
      isOwner: (u) => active(u) && u.role === 'owner',
      isAdmin: (u) => active(u) && u.role !== 'member',
      isMember: (u) => active(u),
      isBlocked: (u) => u.state === 'blocked',
      state: (u) => (u.role === 'owner' ? 'owner' : u.state),
      statusMessage: (u) => u.status_message,
      approved: (u) => u.state !== 'pending',
      visibility: () => (privateNetwork ? 'members' : 'all'),
      profileQuestions: (u) => (mayReadPrivate(u) ? u.profile_questions : null),
    },
    refs: { author: personRef(person) },
    defaults: [
      'id', 'author', 'createdDate', 'updatedDate', 'featuredDate', 'email', 'fullName', 'iconUrl', 'url', 'birthdate',
      'gender', 'location', 'commentCount', 'isOwner', 'isAdmin', 'isMember', 'isBlocked', 'state', 'statusMessage',
      'approved', 'visibility', 'profileQuestions', 'author.fullName', 'author.iconUrl', 'author.url',
    ],
  };
}

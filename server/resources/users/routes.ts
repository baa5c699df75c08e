// User (member) route table.
import { endpoint, type Ctx } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { entries, idInNetwork, listing, MAX_IDS } from '../../http/reply';
import { refuseCrossSite, startSession } from '../sessions/routes';
import { countParams, deleteParams, featuredParams, getParams, joinParams, recentParams, searchParams, updateParams, userEntry, userPresenter } from './schema';
import { changeMember, joinNetwork, ownMembership, removeMember, uploadIcon } from './service';
import { z } from 'zod';
import { uploadedFile, type UploadSpec } from '../../http/upload';
import { ICON_SIDE, MAX_ICON_BYTES } from '../photos/renditions';
import { presentIconUrl } from './author-ref';
import { listsMembers } from '../../http/response-cache';

const ICON_UPLOAD: UploadSpec = { field: 'file', maxBytes: MAX_ICON_BYTES };
import { countMembers, getMembers, listMembers, type MemberFilters, type MemberOrder } from './store';

const listingOf = (order: MemberOrder) => async (ctx: Ctx, p: MemberFilters & { count: number; anchor?: string; fields?: string }) => {
  const page = await listMembers(ctx.db, ctx, p, order, p.count, ctx.anchors.decode(p.anchor));
  listsMembers(ctx.res, page.rows.map((r) => r.account_id));
  return listing(ctx, userPresenter(ctx), page, p.fields);
};

export const userEndpoints = [
  endpoint({
    method: 'GET',
    path: 'User',
    allow: 'anyone',
    summary:
      'Members by repeated id and/or repeated author (screen name), at most 100 in all; one value gives the entry itself. ' +
      'Without either: the caller (signed in; pending and blocked members see themselves).',
    params: getParams,
    entry: userEntry,
    handle: async (ctx, p) => {
      const asked = [...(p.id ?? []), ...(p.author ?? [])];
      if (asked.length > MAX_IDS) throw new ApiError('tooManyIds', `At most ${MAX_IDS} ids and authors per request.`);
      const ids = asked.length ? (p.id ?? []).filter((i) => i.networkId === ctx.network.id).map((i) => i.id) : [(await ownMembership(ctx)).id];
      const members = await getMembers(ctx.db, ctx, ids, p.author ?? []);
      return entries(ctx, userPresenter(ctx), members, p.fields, asked.length <= 1);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'User/recent',
    allow: 'anyone',
    summary: 'Members, most recently joined first.',
    params: recentParams,
    entry: userEntry,
    handle: listingOf('created'),
  }),
  endpoint({
    method: 'GET',
    path: 'User/alpha',
    allow: 'anyone',
    summary: 'Members by full name, A to Z.',
    params: recentParams,
    entry: userEntry,
    handle: listingOf('alpha'),
  }),
  endpoint({
    method: 'GET',
    path: 'User/featured',
    allow: 'anyone',
    summary: 'Featured members, most recently featured first.',
    params: featuredParams,
    entry: userEntry,
    handle: listingOf('featured'),
  }),
  endpoint({
    method: 'GET',
    path: 'User/search',
    allow: 'admin',
    extension: true,
    summary:
      'Members for administrators: text found in the full name, email or screen name (q, case ignored) and/or members in ' +
      'any of the states given (pending, active, blocked, admin), newest first or by name (order=alpha).',
    params: searchParams,
    reply: 'listing',
    entry: userEntry,
    handle: async (ctx, p) => {
      const filters = { search: p.q || undefined, states: p.state };
      const page = await listMembers(ctx.db, ctx, filters, p.order === 'alpha' ? 'alpha' : 'created', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, userPresenter(ctx), page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'User/count',
    allow: 'anyone',
    summary: 'How many members (joined after createdAfter, when given).',
    params: countParams,
    handle: async (ctx, p) => ({ count: await countMembers(ctx.db, ctx, p) }),
  }),
  endpoint({
    method: 'POST',
    path: 'User',
    allow: 'public',
    extension: true,
    summary:
      'Joins the network: creates the account (or joins with an existing one) and signs the web app in. ' +
      'With member moderation on, the member is pending until an administrator approves.',
    params: joinParams,
    handle: async (ctx, input) => {
      refuseCrossSite(ctx.req);
      const member = await joinNetwork(ctx, input);
      await startSession(ctx, member.accountId);
      return { id: `${ctx.network.id}:User:${member.memberId}` };
    },
  }),
  endpoint({
    method: 'PUT',
    path: 'User',
    allow: 'member',
    summary:
      'Changes the caller’s own profile (fullName, statusMessage, location, birthdate, gender, iconUrl, profileQuestions); ' +
      'administrators set approved and isBlocked of another member (id); the Network Creator sets isAdmin.',
    params: updateParams,
    restricted: { approved: 'admin', isBlocked: 'admin', isAdmin: 'owner' },
    handle: async (ctx, p) => {
      await changeMember(ctx, p.id && idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'POST',
    path: 'User/icon',
    allow: 'member',
    extension: true,
    summary:
      "Uploads the caller's icon: multipart/form-data with a JPEG, PNG, WebP or GIF image of at most 5 MB in the part 'file'. " +
      `It is cropped to a square of ${ICON_SIDE} pixels and re-encoded as WebP without its metadata; iconUrl then points to it, ` +
      'replacing the previous icon.',
    params: z.object({}),
    upload: ICON_UPLOAD,
    reply: 'entry',
    entry: z.object({ iconUrl: z.string() }),
    handle: async (ctx) => ({ entry: { iconUrl: presentIconUrl(ctx.present, await uploadIcon(ctx, uploadedFile(ctx.req, ICON_UPLOAD).buffer)) } }),
  }),
  endpoint({
    method: 'DELETE',
    path: 'User',
    allow: 'admin',
    summary: 'Rejects a pending member or removes a member (administrators); their content stays.',
    params: deleteParams,
    handle: async (ctx, p) => {
      await removeMember(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];

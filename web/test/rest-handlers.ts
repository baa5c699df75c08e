// Thin, typed msw handlers for the REST service, shaped by the same wire types the app reads.
import { http, HttpResponse } from 'msw';
import type {
  Comment,
  CreatedEnvelope,
  DoneEnvelope,
  EntryEnvelope,
  ErrorEnvelope,
  ListingEnvelope,
  Resources,
  Network,
  SessionEntry,
} from '../lib/api-types';
import { aMember, aNetwork } from './fixtures';

/** Path pattern of a resource on any network, e.g. `rest('BlogPost/recent')`. */
export const rest = (resource: string) => `/xn/rest/:network/1.0/${resource}`;

/** Any body the service answers with; one type, so a handler may answer with an error or a success. */
type RestBody =
  | EntryEnvelope<unknown>
  | BareEntryEnvelope
  | ListingEnvelope<unknown>
  | CreatedEnvelope
  | DoneEnvelope
  | ErrorEnvelope;

const reply = (body: RestBody, init?: ResponseInit) => HttpResponse.json<RestBody>(body, init);

export const entryEnvelope = <T>(entry: T, resources: Resources = {}) =>
  reply({ success: true, entry, resources } satisfies EntryEnvelope<T>);

/** Replies that carry one entry and no `resources`: `Session`, `Token`, `BlogPost/preview`. */
type BareEntryEnvelope = { success: true; entry: unknown };
export const bareEntryEnvelope = <T>(entry: T) => reply({ success: true, entry });

export const listingEnvelope = <T>(
  entry: T[],
  {
    anchor = 'end',
    firstPage = true,
    lastPage = true,
    resources = {},
  }: Partial<Omit<ListingEnvelope<T>, 'entry' | 'success'>> = {},
) => reply({ success: true, entry, anchor, firstPage, lastPage, resources } satisfies ListingEnvelope<T>);

export const createdEnvelope = (id: string) => reply({ success: true, id });

export const doneEnvelope = () => reply({ success: true });

export const errorEnvelope = ({ status, code, subcode, reason }: Omit<ErrorEnvelope, 'success' | 'trace'>) =>
  reply({ success: false, status, code, subcode, reason, trace: 'test-trace' }, { status });

/**
 * `GET Comment/recent` as the service answers it: the comments on the item asked for, newest
 * first. A function gives the comments as they are at each request, for tests that change them.
 */
export const commentsHandler = (comments: Comment[] | (() => Comment[]) = [], resources: Resources = {}) =>
  http.get(rest('Comment/recent'), ({ request }) => {
    const attachedTo = new URL(request.url).searchParams.get('attachedTo');
    const all = typeof comments === 'function' ? comments() : comments;
    const onItem = all.filter((comment) => comment.attachedTo === attachedTo);
    return listingEnvelope(onItem.toSorted((a, b) => b.createdDate.localeCompare(a.createdDate)), { resources });
  });

/** `GET Network`: the network every page shows in its header. */
export const networkHandler = (network: Network = aNetwork()) =>
  http.get(rest('Network'), () => entryEnvelope(network));

/** A network where nothing is featured or broadcast, nothing has happened and no tag is used yet. */
export const quietNetworkHandlers = () => [
  http.get(rest('BlogPost/featured'), () => listingEnvelope([])),
  http.get(rest('Photo/featured'), () => listingEnvelope([])),
  http.get(rest('User/featured'), () => listingEnvelope([])),
  http.get(rest('Activity/recent'), () => listingEnvelope([])),
  http.get(rest('Tag/popular'), () => entryEnvelope([])),
  http.get(rest('BroadcastMessage/recent'), () => listingEnvelope([])),
];

/** `GET User?author=`: any member by screen name, as the fixtures know them. */
export const memberHandler = () =>
  http.get(rest('User'), ({ request }) => {
    const screenName = new URL(request.url).searchParams.get('author');
    return screenName
      ? entryEnvelope(aMember(screenName))
      : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No such member' });
  });

/** `GET Session` answering with this member, or as an anonymous visitor. */
export const sessionHandler = (member: SessionEntry | null) =>
  http.get(rest('Session'), () => bareEntryEnvelope(member));

// Whether what a signed-in reader sees beyond their audience (resources/beyond-audience.ts:
// their extras) could show in, or change, the reply to one request: when it cannot, the
// reader's reply is byte for byte the audience's, and the response cache answers it from the
// reply kept for the audience. Decided from the endpoint and its parameters alone, with no
// query, for the cases modelled here exactly; anything else (an endpoint, a parameter or an
// anchor not modelled, more extras than are described) could show, and the request goes the
// whole way.
//
// What the cases rest on: a listing, count or multi-get of a content type reads the rows of
// that type the scope grants, filtered by conditions that only narrow (content/store.ts), and
// presents each row without anything of the reader (its tags, its number of approved
// comments); comments of one item are the approved ones plus the reader's extra comments
// (comments/store.ts: `readableComment`), on an item the reader can see; an event shows when
// what it is about shows (activity/store.ts); tag counts are the audience's plus the tags of
// the reader's extra items (tags/counts.ts).
import type { ExtraItem, Extras } from '../resources/beyond-audience';
import type { ContentTypeName } from '../resources/content/types';
import { contentIdPattern, parseDate } from './param-types';
import type { Params } from './params';

/**
 * `no`: the reply is the audience's. `firstPage` / `lastPage`: it is the audience's when the
 * audience's reply says that flag is false — the extras lie only on the other side of the
 * anchor, where they change nothing once the audience has something there too. `yes`: they
 * could show.
 */
export type Showing = 'no' | 'firstPage' | 'lastPage' | 'yes';

const CONTENT = /^(BlogPost|Photo|Video|Topic)(?:\/(recent|featured|count))?$/;
/** The friend lists: they show members and when they became friends, none of anyone's content. */
export const FRIEND_LISTINGS = /^Friend\/(?:recent|alpha)$/;
/**
 * The parameters each content read takes that the decision models. Filters that only narrow
 * what is listed (`private`, `approved`, a type's own `publishStatus` or `categoryId`) leave
 * the extras that could show a subset of those counted here, so they are taken as given.
 */
const NARROWING = ['private', 'approved', 'publishStatus', 'categoryId'];
const KNOWN: Record<string, ReadonlySet<string>> = {
  get: new Set(['id', 'fields']),
  recent: new Set(['fields', 'count', 'anchor', 'author', 'tag', ...NARROWING]),
  featured: new Set(['fields', 'count', 'anchor']),
  count: new Set(['author', 'tag', 'createdAfter', ...NARROWING]),
};
const COMMENTS = new Set(['attachedTo', 'approved', 'fields', 'anchor', 'count']);
const TAG_LIST = new Set(['attachedTo', 'fields', 'anchor', 'count']);
const TAG_POPULAR = new Set(['type', 'count', 'fields']);
const ANY_CONTENT_ID = /^(\d{1,15}):([A-Za-z]+):(\d{1,15})$/;

/** Whether the reader's extras could show in the reply to `endpoint` (`Type/path`) with the query's parameters `params`. */
export function couldShow(extras: Extras, endpoint: string, params: Params): Showing {
  if (extras.many) return 'yes';
  const only = (known: ReadonlySet<string>) => params.names().every((name) => known.has(name));
  const content = CONTENT.exec(endpoint);
  if (content) {
    const type = content[1]!;
    const kind = content[2] ?? 'get';
    let items = extras.items.filter((item) => item.type === type);
    // Not one row of this type differs: whatever the parameters, the reply is the audience's.
    if (items.length === 0) return 'no';
    if (!only(KNOWN[kind]!)) return 'yes';
    if (kind === 'get') return byIds(items, type, params.all('id'));
    // The endpoint reads the first value of a parameter given more than once, as here.
    const author = params.one('author');
    const tag = params.one('tag');
    if (author !== undefined) items = items.filter((item) => sameName(item.author, author));
    if (tag !== undefined) items = items.filter((item) => item.tags.some((t) => sameName(t, tag)));
    if (kind === 'count') {
      const since = params.one('createdAfter');
      const after = since === undefined ? null : parseDate(since);
      if (after !== null) items = items.filter((item) => item.createdAt > after);
      return items.length === 0 ? 'no' : 'yes';
    }
    if (kind === 'featured') items = items.filter((item) => item.featuredAt !== null);
    if (items.length === 0) return 'no';
    return aroundAnchor(items, kind === 'featured' ? 'featured_at' : 'created_at', params.one('count'), params.one('anchor'));
  }
  if (endpoint === 'Comment/recent') {
    if (!only(COMMENTS)) return 'yes';
    const item = contentRef(params.one('attachedTo'));
    if (!item) return 'yes';
    const names = (ref: { type: string; id: number }) => ref.id === item.id && ref.type.toLowerCase() === item.type;
    return extras.items.some(names) || extras.commented.some(names) ? 'yes' : 'no';
  }
  if (endpoint === 'Activity' || endpoint === 'Activity/recent' || endpoint === 'Activity/count') return extras.inActivity ? 'yes' : 'no';
  if (endpoint === 'Tag/popular') {
    if (!only(TAG_POPULAR)) return 'yes';
    const type = params.one('type')?.toLowerCase();
    return extras.items.some((item) => item.tags.length > 0 && (type === undefined || item.type.toLowerCase() === type)) ? 'yes' : 'no';
  }
  if (endpoint === 'Tag/list') {
    if (!only(TAG_LIST)) return 'yes';
    const item = contentRef(params.one('attachedTo'));
    if (!item) return 'yes';
    // The counts of the item's tags include the extras that carry them.
    return extras.items.some((extra) => extra.tags.length > 0 || (extra.id === item.id && extra.type.toLowerCase() === item.type)) ? 'yes' : 'no';
  }
  if (FRIEND_LISTINGS.test(endpoint)) return 'no';
  return 'yes';
}

/** A multi-get shows an extra only when it names one (whatever network the id names: the endpoint refuses others). */
function byIds(items: ExtraItem[], type: string, ids: readonly string[]): Showing {
  const pattern = contentIdPattern(type);
  for (const value of ids) {
    const m = pattern.exec(value.trim());
    if (!m || items.some((item) => item.id === Number(m[2]))) return 'yes';
  }
  return 'no';
}

/**
 * Where the extras lie around the page's anchor, in a listing newest first by `column` (with
 * the id as tie-breaker): every one on the far side of the anchor from the window (db/paging.ts),
 * or some that could show. The anchor's signature is not checked here: a forged one is refused
 * by the endpoint, so no reply is kept under its address.
 */
function aroundAnchor(items: ExtraItem[], column: 'created_at' | 'featured_at', countParam: string | undefined, anchor: string | undefined): Showing {
  const count = countOf(countParam);
  const position = anchorPosition(anchor, column);
  if (!Number.isInteger(count) || count === 0 || !position) return 'yes';
  const { side, key, id } = position;
  const forward = count > 0;
  for (const item of items) {
    const itemKey = column === 'created_at' ? item.createdAt : item.featuredAt!;
    // Newest first: an item "after" the anchor has a smaller key (or id, on a tie).
    const cmp = itemKey < key ? -1 : itemKey > key ? 1 : item.id < id ? -1 : item.id > id ? 1 : 0;
    const inWindow = forward ? (side === 'after' ? cmp < 0 : cmp <= 0) : side === 'after' ? cmp >= 0 : cmp > 0;
    if (inWindow) return 'yes';
  }
  // Reading forward, what lies before the window says whether this is the first page; backward, the last.
  return forward ? 'firstPage' : 'lastPage';
}

/**
 * The row a listing's anchor names, when the audience's reply has it on the far side of the
 * anchor from the window (next pages: after it, read forward; previous pages: before it, read
 * backward) and it would pass the listing's filters had it none: an unfiltered listing of one
 * content type. If the audience sees that row, the flag of that side is false in their reply.
 */
export function anchorRow(endpoint: string, params: Params): { type: string; id: number; column: 'created_at' | 'featured_at'; key: number } | undefined {
  const content = CONTENT.exec(endpoint);
  if (!content || (content[2] !== 'recent' && content[2] !== 'featured')) return undefined;
  if (!params.names().every((name) => name === 'fields' || name === 'count' || name === 'anchor')) return undefined;
  const column = content[2] === 'featured' ? 'featured_at' : 'created_at';
  const position = anchorPosition(params.one('anchor'), column);
  const count = countOf(params.one('count'));
  if (!position || !Number.isInteger(count) || count === 0) return undefined;
  const inclusive = count > 0 ? position.side === 'after' : position.side === 'before';
  return inclusive ? { type: content[1]!, id: position.id, column, key: position.key } : undefined;
}

/** The `count` parameter as the endpoint reads it; NaN when it refuses it. */
function countOf(value: string | undefined): number {
  return value === undefined ? 1 : /^\s*-?\d{1,4}\s*$/.test(value) ? Number(value) : NaN;
}

/** The position an anchor of a listing newest first by `column` names; none for a start or another listing's. */
function anchorPosition(anchor: string | undefined, column: string): { side: 'after' | 'before'; key: number; id: number } | undefined {
  if (!anchor) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(anchor.split('.')[0]!, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || (value[0] !== 1 && value[0] !== 2)) return undefined;
  const [side, key, id, ordering] = value as unknown[];
  if (typeof key !== 'number' || typeof id !== 'number' || typeof ordering !== 'string') return undefined;
  if (!new RegExp(`^[a-z]+\\.${column} desc$`).test(ordering)) return undefined;
  return { side: side === 1 ? 'after' : 'before', key, id };
}

/** The content item an `attachedTo` names, its type in lower case (compared so, conservatively). */
function contentRef(value: string | undefined): { type: string; id: number } | undefined {
  const m = value === undefined ? null : ANY_CONTENT_ID.exec(value.trim());
  return m ? { type: m[2]!.toLowerCase(), id: Number(m[3]) } : undefined;
}

/** Names and tags compared without case or surrounding space: a filter that matches an extra always counts it here. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The type and filters of a content count that counts a reader's extras as the audience's
 * count counts its items: with no parameter but `author`, `tag` and `createdAfter`, each at
 * most once and as the endpoint reads it (a date it refuses: none). Then the reader's count is
 * the audience's and the extras it counts (resources/beyond-audience.ts: `countedExtras`).
 */
export function countedFilters(endpoint: string, params: Params): { type: ContentTypeName; filters: { author?: string; tag?: string; createdAfter?: number } } | undefined {
  const content = CONTENT.exec(endpoint);
  if (!content || content[2] !== 'count') return undefined;
  if (!params.names().every((name) => COUNTED.has(name) && params.all(name).length === 1)) return undefined;
  const since = params.one('createdAfter');
  const createdAfter = since === undefined ? undefined : parseDate(since);
  if (createdAfter === null) return undefined;
  const author = params.one('author');
  const tag = params.one('tag');
  return { type: content[1] as ContentTypeName, filters: { ...(author !== undefined && { author }), ...(tag !== undefined && { tag }), ...(createdAfter !== undefined && { createdAfter }) } };
}

const COUNTED = new Set(['author', 'tag', 'createdAfter']);

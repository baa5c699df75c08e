// GET Search (extension): full-text search of blog posts, forum topics, photos or members,
// ranked, paged, and only what the caller may see.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { fail } from '../../http/params';
import { isoDate, present, selectFields, type Presenter } from '../../http/fields';
import { blogPostUrl } from '../blog-posts/schema';
import { topicUrl } from '../forum/schema';
import { photoUrl } from '../photos/schema';
import { memberUrl, personRef } from '../users/author-ref';
import { searchKinds, type SearchKind } from './indexing';
import { queryTerms, search, type SearchHit } from './store';

const MAX_QUERY = 200;
const MAX_COUNT = 50;
const EXCERPT = 240;

const searchParams = z.object({
  q: z.string().max(MAX_QUERY, { error: `may have at most ${MAX_QUERY} characters` }).meta({ description: 'the words to find; each matches words starting with it' }),
  type: z.enum(Object.keys(searchKinds) as [SearchKind, ...SearchKind[]]).meta({ description: 'what to search: BlogPost, Topic, Photo or User' }),
  fields: z.string().optional(),
  anchor: z.string().optional(),
  count: z
    .string()
    .default('10')
    .transform((v, ctx) => {
      const n = /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= MAX_COUNT)) return fail(ctx, 'countOutOfRange', `must be a whole number from 1 to ${MAX_COUNT}`);
      return n;
    })
    .meta({ description: `results per page, 1 to ${MAX_COUNT} (default 10)` }),
});

export const searchEntry = z
  .object({
    id: z.string(),
    type: z.enum(Object.keys(searchKinds) as [SearchKind, ...SearchKind[]]),
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    createdDate: z.iso.datetime(),
    url: z.string(),
  })
  .meta({ title: 'SearchResult' });

const urlOf = { BlogPost: blogPostUrl, Topic: topicUrl, Photo: photoUrl } as const;

/** The start of the text, or a window around the first word of the query found in it. */
function excerpt(text: string, terms: string[]): string {
  if (text.length <= EXCERPT) return text;
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  const start = at === Number.MAX_SAFE_INTEGER || at < EXCERPT / 3 ? 0 : text.lastIndexOf(' ', at - EXCERPT / 3) + 1;
  const cut = text.slice(start, start + EXCERPT);
  return `${start > 0 ? '…' : ''}${cut.slice(0, cut.lastIndexOf(' ') > EXCERPT / 2 ? cut.lastIndexOf(' ') : undefined)}…`;
}

const presenter = (terms: string[]): Presenter<SearchHit> => ({
  fields: {
    id: (h, ctx) => `${ctx.networkId}:${h.kind}:${h.id}`,
    type: (h) => h.kind,
    title: (h) => h.title,
    excerpt: (h) => excerpt(h.text, terms),
    author: (h) => h.author.screenName,
    createdDate: (h) => isoDate(h.created_at),
    url: (h, ctx) => (h.kind === 'User' ? memberUrl(ctx, h.author.screenName) : urlOf[h.kind](ctx, h.id)),
  },
  refs: { author: personRef((h) => h.author) },
  defaults: ['type', 'title', 'excerpt', 'author', 'createdDate', 'url', 'author.fullName', 'author.iconUrl', 'author.url'],
});

export const searchEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Search',
    allow: 'anyone',
    extension: true,
    summary:
      'Full-text search of blog posts, forum topics, photos or members (`type`), best matches first; only what the caller may see.',
    params: searchParams,
    reply: 'listing',
    entry: searchEntry,
    handle: async (ctx, p) => {
      const terms = queryTerms(p.q);
      if (terms.length === 0) throw new ApiError('missingParameter', "Give 'q' at least one word to search for.");
      const position = ctx.anchors.decode(p.anchor);
      let offset = 0;
      if (!('start' in position)) {
        if (position.ordering !== 'search' || position.side !== 'after' || typeof position.key !== 'number') throw new ApiError('invalidAnchor', 'Invalid anchor.');
        offset = position.key;
      }
      const { hits, more } = await search(ctx.db, ctx.dialect, ctx, p.type, terms, offset, p.count);
      const shown = presenter(terms);
      const { entries, resources } = present(shown, hits, selectFields(shown, p.fields), ctx.present);
      return {
        entry: entries,
        anchor: ctx.anchors.encode({ key: offset + hits.length, id: 0, side: 'after', ordering: 'search' }),
        firstPage: offset === 0,
        lastPage: !more,
        resources,
      };
    },
  }),
];

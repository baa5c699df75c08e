// The read endpoints every content type has, as rows of its route table: GET by one or
// several ids, the listings (`recent`, ...), `featured` and, for most, `count`.
import { z } from 'zod';
import { endpoint, type Endpoint } from '../../http/endpoint';
import { selectFields, type Presenter } from '../../http/fields';
import { contentIdParam, dateParam, listingParams } from '../../http/param-types';
import { entries, idsOfNetwork, listing } from '../../http/reply';
import { filterParams } from './schema';
import { checkCreatedAfter, checkPrivateFilter } from './service';
import type { ContentOrder, ContentStore } from './store';

export interface ContentReads<Item, X, Own extends string> {
  type: string;
  /** What one item is called in the summaries, e.g. `blog post`. */
  noun: string;
  presenter: Presenter<Item>;
  entry: z.ZodType;
  store: ContentStore<Item, X, Own>;
  /** The parameters of the type's own filters, read by the store's `filters`. */
  filters?: { [K in keyof X]-?: z.ZodType<X[K] | undefined, string | undefined> };
  /** The listings, `<type>/<path>`; by default `recent`, newest first. */
  listings?: { path: string; order: ContentOrder | Own; summary: string }[];
  /** `<type>/count`, for the types that have it; `createdAfter` is optional unless required. */
  count?: { summary: string; createdAfterRequired?: boolean };
}

/**
 * The read endpoints of a content type, as rows of its route table: GET `<type>` (one or
 * several ids), its listings (`recent`, ...; `private` is the Network Creator's), then
 * `featured`, then `count` if it has one.
 */
export function contentReadEndpoints<Item, X = unknown, Own extends string = never>(spec: ContentReads<Item, X, Own>): Endpoint[] {
  const { type, noun, entry, presenter } = spec;
  // The values of the type's own filters arrive among the parameters, checked by `spec.filters`.
  const store = spec.store as ContentStore<Item, Record<string, unknown>, Own>;
  const plural = `${noun}s`;
  const ownFilters: z.ZodRawShape = spec.filters ?? {};
  const listingFilters = z.object({ ...filterParams, ...ownFilters, ...listingParams });
  const listings = spec.listings ?? [
    { path: 'recent', order: 'created', summary: `${plural[0]!.toUpperCase()}${plural.slice(1)}, newest first.` },
  ];

  const get = endpoint({
    method: 'GET',
    path: type,
    allow: 'anyone',
    summary: `One ${noun}, or several with a repeated id (at most 100).`,
    params: z.object({ id: z.array(contentIdParam(type)), fields: z.string().optional() }),
    entry,
    presenter,
    handle: async (ctx, p) => {
      const items = await store.get(ctx.db, ctx, idsOfNetwork(ctx, p.id), store.partsFor(selectFields(presenter, p.fields)), ctx.kept);
      return entries(ctx, presenter, items, p.fields, p.id.length === 1);
    },
  });
  const lists = listings.map(({ path, order, summary }) =>
    endpoint({
      method: 'GET',
      path: `${type}/${path}`,
      allow: 'anyone',
      summary,
      params: listingFilters,
      entry,
      presenter,
      handle: async (ctx, p) => {
        checkPrivateFilter(ctx, p.private);
        const page = await store.list(ctx.db, ctx, p, order, p.count, ctx.anchors.decode(p.anchor), store.partsFor(selectFields(presenter, p.fields)), ctx.kept);
        return listing(ctx, presenter, page, p.fields);
      },
    }),
  );
  const featured = endpoint({
    method: 'GET',
    path: `${type}/featured`,
    allow: 'anyone',
    summary: `Featured ${plural}, most recently featured first.`,
    params: z.object(listingParams),
    entry,
    presenter,
    handle: async (ctx, p) => {
      const page = await store.list(ctx.db, ctx, {}, 'featured', p.count, ctx.anchors.decode(p.anchor), store.partsFor(selectFields(presenter, p.fields)), ctx.kept);
      return listing(ctx, presenter, page, p.fields);
    },
  });
  if (!spec.count) return [get, ...lists, featured];

  const createdAfter = spec.count.createdAfterRequired
    ? dateParam
    : dateParam.optional().meta({ description: `at most one week ago; without it, every ${noun} counts` });
  const count = endpoint({
    method: 'GET',
    path: `${type}/count`,
    allow: 'anyone',
    summary: spec.count.summary,
    params: z.object({ ...filterParams, ...ownFilters, createdAfter }),
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      if (p.createdAfter !== undefined) checkCreatedAfter(ctx, p.createdAfter);
      return { count: await store.count(ctx.db, ctx, p) };
    },
  });
  return [get, ...lists, featured, count];
}

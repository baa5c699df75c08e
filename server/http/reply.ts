// The success bodies shared by every resource: single get, multi get and listings.
import type { Ctx } from './endpoint';
import type { Page } from '../db/paging';
import { ApiError } from '../lib/errors';
import { present, presentWritten, selectFields, WrittenEntries, type Presenter, type Selection } from './fields';

export const MAX_IDS = 100;

/** Checks a repeated `id` and keeps the ones of this network. */
export function idsOfNetwork(ctx: Ctx, ids: { networkId: number; id: number }[]): number[] {
  if (ids.length === 0) throw new ApiError('missingParameter', "Parameter 'id' is required.");
  if (ids.length > MAX_IDS) throw new ApiError('tooManyIds', `At most ${MAX_IDS} ids per request.`);
  return ids.filter((i) => i.networkId === ctx.network.id).map((i) => i.id);
}

/** The row id of a content id, which must belong to this network (else 404). */
export function idInNetwork(ctx: Ctx, ref: { networkId: number; id: number }): number {
  if (ref.networkId !== ctx.network.id) throw new ApiError('noSuchItem');
  return ref.id;
}

/**
 * One id: `entry` is the object (404 when it does not exist or the caller may not see it).
 * Several: `entry` is the array of those found, in the order asked.
 */
export function entries<T>(ctx: Ctx, presenter: Presenter<T>, items: T[], fields: string | undefined, single: boolean) {
  const selection = selectFields(presenter, fields);
  if (!single) return presentList(ctx, presenter, items, selection);
  const { entries: list, resources } = present(presenter, items, selection, ctx.present);
  if (list.length === 0) throw new ApiError('noSuchItem');
  return { entry: list[0], resources };
}

export function listing<T>(ctx: Ctx, presenter: Presenter<T>, page: Page<T>, fields: string | undefined) {
  const { entry, resources } = presentList(ctx, presenter, page.rows, selectFields(presenter, fields));
  return {
    entry,
    anchor: ctx.anchors.encode(page.position),
    firstPage: page.firstPage,
    lastPage: page.lastPage,
    resources,
  };
}

/** The entries of a list, written in JSON ahead where they are rows kept (lib/kept-rows.ts), whose entries are kept with them. */
function presentList<T>(ctx: Ctx, presenter: Presenter<T>, items: T[], selection: Selection): { entry: Record<string, unknown>[] | WrittenEntries; resources: Record<string, unknown> } {
  const first = items[0];
  if (typeof first === 'object' && first !== null && ctx.kept.holds(first)) {
    const { entries: written, resources } = presentWritten(presenter as Presenter<T & object>, items as (T & object)[], selection, ctx.present, ctx.kept);
    return { entry: written, resources };
  }
  const { entries: list, resources } = present(presenter, items, selection, ctx.present);
  return { entry: list, resources };
}

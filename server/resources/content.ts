// What content types (topics, videos, ...) share: the filter parameters of listings and
// counts (`author`, `private`, `approved`, `tag`, `createdAfter`, featured only) and their SQL
// conditions on the item table's alias, multi-get results in the order asked, writing a new
// item with its tags and its Create<Type> event, who may change an item, and the columns
// every update writes alike.
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Tx } from '../db/database';
import type { Actor } from '../http/endpoint';
import { booleanParam } from '../http/param-types';
import { forbidden, notFound } from '../http/errors';
import { notPublic } from '../lib/scope';
import { sanitizeDescription } from '../lib/sanitize';
import { isAdmin } from '../lib/viewer';
import type { Visibility } from '../db/schema';
import { replaceTags, taggedWith } from './tags/store';
import { recordActivity } from './activity/store';
import { approvalOnWrite } from './blog-posts/service';

/** The filter parameters of `recent` and `count`. */
export const filterParams = {
  author: z.string().optional(),
  private: booleanParam.optional(),
  approved: booleanParam.optional(),
  tag: z.string().optional(),
};

export interface ContentFilters {
  author?: string;
  private?: boolean;
  approved?: boolean;
  tag?: string;
  createdAfter?: number;
  featured?: boolean;
}

/** Conditions on items of `type` (aliased `alias`, with author_id, approved, created_at, featured_at). */
export function contentFilters(alias: string, type: string, networkId: number, f: ContentFilters): Expression<SqlBool>[] {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (f.author !== undefined) {
    conditions.push(sql<SqlBool>`${col('author_id')} in (select id from accounts where screen_name = ${f.author})`);
  }
  if (f.private) conditions.push(notPublic(alias));
  if (f.approved !== undefined) conditions.push(sql<SqlBool>`${col('approved')} = ${f.approved ? 1 : 0}`);
  if (f.tag !== undefined) conditions.push(taggedWith(alias, networkId, type, f.tag));
  if (f.createdAfter !== undefined) conditions.push(sql<SqlBool>`${col('created_at')} > ${f.createdAfter}`);
  if (f.featured) conditions.push(sql<SqlBool>`${col('featured_at')} is not null`);
  return conditions;
}

/** The rows found, in the order their ids were asked for. */
export function inOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Writes a new item of `type` (`insert` returns its id), its tags and its Create<Type> event in one transaction. */
export function createContent(
  ctx: Actor,
  item: { type: string; title: string; tags: string[] },
  insert: (tx: Tx) => Promise<number>,
): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const id = await insert(tx);
    await replaceTags(tx, ctx.network.id, item.type, id, item.tags);
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: ctx.viewer.accountId!,
      type: `Create${item.type}`,
      content: { type: item.type, id },
      title: item.title,
      now: ctx.now,
    });
    return id;
  });
}

/**
 * The stored row, if the caller may change it: its author or an administrator. Anyone else
 * is refused (403) when they can see the item, and told it does not exist (404) when not.
 */
export async function itemToChange<Row extends { author_id: number }>(
  ctx: Actor,
  row: Row | undefined,
  isVisible: () => Promise<boolean>,
  what: string,
): Promise<Row> {
  if (!row) throw notFound();
  if (row.author_id === ctx.viewer.accountId || isAdmin(ctx.viewer)) return row;
  throw (await isVisible()) ? forbidden(`Only the author or an administrator may change this ${what}.`) : notFound();
}

/** What an update writes alike on every content type: description, visibility, `approved` (administrators only), time. */
export function contentPatch(ctx: Actor, input: { description?: string; visibility?: Visibility; approved?: boolean }) {
  const approved = approvalOnWrite(ctx, input.approved);
  return {
    ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(approved !== undefined && { approved: approved ? (1 as const) : (0 as const) }),
    updated_at: ctx.now,
  };
}

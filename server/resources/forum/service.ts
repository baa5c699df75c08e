// Forum use-cases: administrators keep the categories; members start topics, and a topic's
// author or an administrator edits, moves, closes, reopens and deletes it. A topic with its
// tags and its CreateTopic event is written in one transaction.
import { announce, committed, type Change } from '../../lib/changes';
import { recordAudit } from '../audit/store';
import type { Actor, SignedInActor } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import type { ContentRef } from '../../http/param-types';
import { sanitizeDescription } from '../../lib/sanitize';
import type { Visibility } from '../../db/schema';
import { normaliseTags } from '../tags/store';
import { contentPatch, createContent, editableContent } from '../content/service';
import {
  deleteCategory, findCategoryRow, findTopicRow, insertCategory, insertTopic, titleKey, topicStore,
  updateCategory, updateTopic,
} from './store';

export interface CategoryInput {
  title?: string;
  description?: string;
}

export interface TopicInput {
  title?: string;
  description?: string;
  categoryId?: ContentRef;
  tag?: string[];
  visibility?: Visibility;
  isClosed?: boolean;
  approved?: boolean;
}

/** A title that must not be blank, trimmed; undefined when the caller leaves it unchanged. */
function requiredTitle(title: string | undefined): string | undefined {
  if (title === undefined) return undefined;
  const trimmed = title.trim();
  if (!trimmed) throw new ApiError('missingParameter', "Parameter 'title' must not be empty.");
  return trimmed;
}

const titled = (title: string | undefined) => title !== undefined && { title, title_key: titleKey(title) };

export async function createCategory(ctx: SignedInActor, input: CategoryInput & { title: string }): Promise<number> {
  const title = requiredTitle(input.title)!;
  return committed(ctx, async (tx) => {
    const id = await insertCategory(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId,
      title,
      title_key: titleKey(title),
      description: sanitizeDescription(input.description ?? ''),
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await recordAudit(tx, ctx, { action: 'create', type: 'Category', id, title });
    announce(tx, categoryChange(ctx, id, 'created'));
    return id;
  });
}

const categoryChange = (ctx: Actor, id: number, op: Change['op']): Change => ({ networkId: ctx.network.id, kind: 'Category', id, op });

export async function changeCategory(ctx: SignedInActor, id: number, input: CategoryInput): Promise<void> {
  const row = await findCategoryRow(ctx.db, ctx.network.id, id);
  if (!row) throw new ApiError('noSuchItem');
  const title = requiredTitle(input.title);
  await committed(ctx, async (tx) => {
    await recordAudit(tx, ctx, { action: 'update', type: 'Category', id, title: title ?? row.title });
    await updateCategory(tx, id, {
      ...titled(title),
      ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
      updated_at: ctx.now,
    });
    announce(tx, categoryChange(ctx, id, 'updated'));
  });
}

/** Deletes a category; its topics stay in the forum, without a category. */
export async function removeCategory(ctx: SignedInActor, id: number): Promise<void> {
  const row = await findCategoryRow(ctx.db, ctx.network.id, id);
  if (!row) throw new ApiError('noSuchItem');
  await committed(ctx, async (tx) => {
    await recordAudit(tx, ctx, { action: 'delete', type: 'Category', id, title: row.title });
    await deleteCategory(tx, id);
    announce(tx, categoryChange(ctx, id, 'deleted'));
  });
}

/** The row id of a category of this network that a topic is filed under (404 when there is none). */
async function categoryFor(ctx: Actor, ref: ContentRef): Promise<number> {
  const category = ref.networkId === ctx.network.id ? await findCategoryRow(ctx.db, ctx.network.id, ref.id) : undefined;
  if (!category) throw new ApiError('noSuchItem', 'No such category.');
  return category.id;
}

export async function createTopic(ctx: SignedInActor, input: TopicInput & { title: string }): Promise<number> {
  const title = requiredTitle(input.title)!;
  const categoryId = input.categoryId === undefined ? null : await categoryFor(ctx, input.categoryId);
  const tags = normaliseTags(input.tag ?? []);
  return createContent(ctx, { type: 'Topic', title, tags, visibility: input.visibility ?? 'all' }, (tx) =>
    insertTopic(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId,
      category_id: categoryId,
      title,
      title_key: titleKey(title),
      description: sanitizeDescription(input.description ?? ''),
      visibility: input.visibility ?? 'all',
      approved: 1,
      is_closed: 0,
      featured_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    }),
  );
}

const topics = editableContent({ type: 'Topic', what: 'this topic', find: findTopicRow, store: topicStore, update: updateTopic });

export async function changeTopic(ctx: SignedInActor, id: number, input: TopicInput): Promise<void> {
  await topics.change(ctx, id, input.tag, async () => {
    const categoryId = input.categoryId === undefined ? undefined : await categoryFor(ctx, input.categoryId);
    return {
      ...titled(requiredTitle(input.title)),
      ...(categoryId !== undefined && { category_id: categoryId }),
      ...(input.isClosed !== undefined && { is_closed: input.isClosed ? (1 as const) : (0 as const) }),
      ...contentPatch(ctx, input),
    };
  });
}

/** Deletes a topic with its replies, tags and activity. */
export function removeTopic(ctx: SignedInActor, id: number): Promise<void> {
  return topics.remove(ctx, id);
}

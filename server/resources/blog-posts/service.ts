// BlogPost use-cases: who may write what, publishing and scheduling, tags, and removal of a
// post with everything attached to it, each in one transaction.
import type { Actor } from '../../http/endpoint';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin, isOwner } from '../../lib/viewer';
import { normaliseTags, replaceTags } from '../tags/store';
import { recordActivity } from '../activity/store';
import type { BlogPostTable } from '../../db/schema';
import { deletePost, findPostRow, getPosts, insertPost, updatePost } from './store';

export interface PostInput {
  title?: string;
  description?: string;
  tag?: string[];
  publishStatus?: 'draft' | 'queued' | 'publish';
  publishTime?: 'now' | number;
  visibility?: BlogPostTable['visibility'];
  approved?: boolean;
}

export const PRIVATE_FILTER_ERROR = () => forbidden("Only the Network Creator may use 'private'.", 2);

export function checkPrivateFilter(ctx: Actor, privateFilter: boolean | undefined) {
  if (privateFilter !== undefined && !isOwner(ctx.viewer)) throw PRIVATE_FILTER_ERROR();
}

const WEEK_MS = 7 * 86_400_000;

/** Counts of content look back at most one week (`createdAfter` older than that is 4-5). */
export function checkCreatedAfter(ctx: Actor, createdAfter: number) {
  if (createdAfter < ctx.now - WEEK_MS) throw badRequest(5, "'createdAfter' may be at most one week in the past.");
}

export async function createPost(ctx: Actor, input: PostInput): Promise<number> {
  const title = (input.title ?? '').trim();
  const description = sanitizeDescription(input.description ?? '');
  if (!title && !description) throw badRequest(2, "A post needs a 'title' or a 'description'.");
  const approved = approvalOnWrite(ctx, input.approved) ?? !(ctx.network.blog_post_moderation && !isAdmin(ctx.viewer));
  const tags = normaliseTags(input.tag ?? []);
  const publish = publishing(ctx.now, input);
  return ctx.db.transaction().execute(async (tx) => {
    const id = await insertPost(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId!,
      title,
      description,
      publish_status: publish.status ?? 'publish',
      publish_time: publish.time ?? ctx.now,
      visibility: input.visibility ?? 'all',
      approved: approved ? 1 : 0,
      featured_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await replaceTags(tx, ctx.network.id, 'BlogPost', id, tags);
    await recordActivity(tx, {
      networkId: ctx.network.id,
      authorId: ctx.viewer.accountId!,
      type: 'CreateBlogPost',
      content: { type: 'BlogPost', id },
      title,
      now: ctx.now,
    });
    return id;
  });
}

export async function changePost(ctx: Actor, id: number, input: PostInput): Promise<void> {
  const post = await postToChange(ctx, id);
  const approved = approvalOnWrite(ctx, input.approved);
  const tags = input.tag === undefined ? undefined : normaliseTags(input.tag);
  const publish = publishing(ctx.now, input);
  // A draft published without a time is published now, not at the time it was drafted.
  const publishTime = publish.time ?? (post.publish_status === 'draft' && publish.status === 'publish' ? ctx.now : undefined);
  const patch = {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(approved !== undefined && { approved: approved ? (1 as const) : (0 as const) }),
    ...(publish.status !== undefined && { publish_status: publish.status }),
    ...(publishTime !== undefined && { publish_time: publishTime }),
    updated_at: ctx.now,
  };
  await ctx.db.transaction().execute(async (tx) => {
    await updatePost(tx, id, patch);
    if (tags) await replaceTags(tx, ctx.network.id, 'BlogPost', id, tags);
  });
}

export async function removePost(ctx: Actor, id: number): Promise<void> {
  await postToChange(ctx, id);
  await ctx.db.transaction().execute((tx) => deletePost(tx, id));
}

/** The post, if the caller may change it: its author, or an administrator (drafts stay the author's). */
async function postToChange(ctx: Actor, id: number) {
  const post = await findPostRow(ctx.db, ctx.network.id, id);
  if (!post) throw notFound();
  if (post.author_id === ctx.viewer.accountId) return post;
  if (isAdmin(ctx.viewer) && post.publish_status !== 'draft') return post;
  const visible = (await getPosts(ctx.db, ctx, [id])).length > 0;
  throw visible ? forbidden('Only the author or an administrator may change this post.') : notFound();
}

/** `approved` as written by the caller: only administrators may write it. */
export function approvalOnWrite(ctx: Actor, approved: boolean | undefined): boolean | undefined {
  if (approved !== undefined && !isAdmin(ctx.viewer)) throw forbidden("Only administrators may set 'approved'.");
  return approved;
}

/** `queued` is stored as `publish` with a future time; `now` is the request's time. */
function publishing(now: number, input: PostInput) {
  const status = input.publishStatus === undefined ? undefined : input.publishStatus === 'draft' ? ('draft' as const) : ('publish' as const);
  const time = input.publishTime === 'now' ? now : input.publishTime;
  return { status, time };
}

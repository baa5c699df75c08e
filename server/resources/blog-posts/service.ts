// BlogPost use-cases: who may write what, publishing and scheduling, tags, and removal of a
// post with everything attached to it, each in one transaction.
import type { Actor } from '../../http/endpoint';
import { forbidden, notFound } from '../../http/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin } from '../../lib/viewer';
import { normaliseTags, replaceTags } from '../tags/store';
import type { BlogPostTable } from '../../db/schema';
import { changeContent, contentPatch, createContent, removeContent } from '../content/service';
import { findPostRow, insertPost, postStore, updatePost } from './store';

export interface PostInput {
  title?: string;
  description?: string;
  tag?: string[];
  publishStatus?: 'draft' | 'queued' | 'publish';
  publishTime?: 'now' | number;
  visibility?: BlogPostTable['visibility'];
  approved?: boolean;
}

export async function createPost(ctx: Actor, input: PostInput & { title: string }): Promise<number> {
  const title = input.title.trim();
  const description = sanitizeDescription(input.description ?? '');
  const approved = input.approved ?? !(ctx.network.blog_post_moderation && !isAdmin(ctx.viewer));
  const tags = normaliseTags(input.tag ?? []);
  const publish = publishing(ctx.now, input);
  const visibility = input.visibility ?? 'all';
  return createContent(ctx, { type: 'BlogPost', title, tags, visibility }, (tx) =>
    insertPost(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId!,
      title,
      description,
      publish_status: publish.status ?? 'publish',
      publish_time: publish.time ?? ctx.now,
      visibility,
      approved: approved ? 1 : 0,
      featured_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    }),
  );
}

export async function changePost(ctx: Actor, id: number, input: PostInput): Promise<void> {
  const post = await postToChange(ctx, id);
  const shared = contentPatch(ctx, input);
  const tags = input.tag === undefined ? undefined : normaliseTags(input.tag);
  const publish = publishing(ctx.now, input);
  // A draft published without a time is published now, not at the time it was drafted.
  const publishTime = publish.time ?? (post.publish_status === 'draft' && publish.status === 'publish' ? ctx.now : undefined);
  const patch = {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...shared,
    ...(publish.status !== undefined && { publish_status: publish.status }),
    ...(publishTime !== undefined && { publish_time: publishTime }),
  };
  await changeContent(ctx, 'BlogPost', id, async (tx) => {
    await updatePost(tx, id, patch);
    if (tags) await replaceTags(tx, ctx.network.id, 'BlogPost', id, tags);
  });
}

export async function removePost(ctx: Actor, id: number): Promise<void> {
  await postToChange(ctx, id);
  await removeContent(ctx, 'BlogPost', id);
}

/** The post, if the caller may change it: its author, or an administrator (drafts stay the author's). */
async function postToChange(ctx: Actor, id: number) {
  const post = await findPostRow(ctx.db, ctx.network.id, id);
  if (!post) throw notFound();
  if (post.author_id === ctx.viewer.accountId) return post;
  if (isAdmin(ctx.viewer) && post.publish_status !== 'draft') return post;
  const visible = (await postStore.get(ctx.db, ctx, [id])).length > 0;
  throw visible ? forbidden('Only the author or an administrator may change this post.') : notFound();
}

/** `queued` is stored as `publish` with a future time; `now` is the request's time. */
function publishing(now: number, input: PostInput) {
  const status = input.publishStatus === undefined ? undefined : input.publishStatus === 'draft' ? ('draft' as const) : ('publish' as const);
  const time = input.publishTime === 'now' ? now : input.publishTime;
  return { status, time };
}

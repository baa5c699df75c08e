// BlogPost use-cases: who may write what, publishing and scheduling, tags, and removal of a
// post with everything attached to it, each in one transaction.
import type { SignedInActor } from '../../http/endpoint';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin } from '../../lib/viewer';
import { normaliseTags } from '../tags/store';
import type { BlogPostTable } from '../../db/schema';
import { contentPatch, createContent, editableContent } from '../content/service';
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

export async function createPost(ctx: SignedInActor, input: PostInput & { title: string }): Promise<number> {
  const title = input.title.trim();
  const description = sanitizeDescription(input.description ?? '');
  const approved = input.approved ?? !(ctx.network.blog_post_moderation && !isAdmin(ctx.viewer));
  const tags = normaliseTags(input.tag ?? []);
  const publish = publishing(ctx.now, input);
  const visibility = input.visibility ?? 'all';
  return createContent(ctx, { type: 'BlogPost', title, tags, visibility }, (tx) =>
    insertPost(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId,
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

const posts = editableContent({
  type: 'BlogPost',
  what: 'this post',
  find: findPostRow,
  store: postStore,
  update: updatePost,
  // Drafts stay their author's.
  adminMay: (post) => post.publish_status !== 'draft',
});

export async function changePost(ctx: SignedInActor, id: number, input: PostInput): Promise<void> {
  await posts.change(ctx, id, input.tag, (post) => {
    const publish = publishing(ctx.now, input);
    // A draft published without a time is published now, not at the time it was drafted.
    const publishTime = publish.time ?? (post.publish_status === 'draft' && publish.status === 'publish' ? ctx.now : undefined);
    return {
      ...(input.title !== undefined && { title: input.title.trim() }),
      ...contentPatch(ctx, input),
      ...(publish.status !== undefined && { publish_status: publish.status }),
      ...(publishTime !== undefined && { publish_time: publishTime }),
    };
  });
}

export function removePost(ctx: SignedInActor, id: number): Promise<void> {
  return posts.remove(ctx, id);
}

/** `queued` is stored as `publish` with a future time; `now` is the request's time. */
function publishing(now: number, input: PostInput) {
  const status = input.publishStatus === undefined ? undefined : input.publishStatus === 'draft' ? ('draft' as const) : ('publish' as const);
  const time = input.publishTime === 'now' ? now : input.publishTime;
  return { status, time };
}

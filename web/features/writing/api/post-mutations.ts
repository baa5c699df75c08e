// Writing, changing and deleting a post. What the writer chose becomes the service's
// parameters here: a draft, published now, or scheduled for a moment (which the service keeps
// queued until then). Each write refreshes every post listing and the post itself.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope, Reply, Visibility } from '../../../lib/api-types';

export type PostDraft = {
  title: string;
  /** HTML from the editor; the service sanitises it. */
  description: string;
  tags: string[];
  visibility: Visibility;
};

/** How the post goes out: kept as a draft, out now, out at a moment, or as it already is. */
export type Publishing = { kind: 'draft' } | { kind: 'now' } | { kind: 'at'; time: Date } | { kind: 'unchanged' };

function publishingParams(publishing: Publishing) {
  switch (publishing.kind) {
    case 'draft':
      return { publishStatus: 'draft' };
    case 'now':
      return { publishStatus: 'publish', publishTime: 'now' };
    case 'at':
      return { publishStatus: 'publish', publishTime: publishing.time.toISOString() };
    case 'unchanged':
      return {};
  }
}

export type SavePost = { id?: string; post: PostDraft; publishing: Publishing };

/** Creates the post (no id) or changes it; resolves to its id. */
export function savePostOptions(network: string) {
  return mutationOptions({
    mutationKey: ['blogPosts', 'save', network],
    mutationFn: async ({ id, post, publishing }: SavePost, { client }) => {
      const form = {
        title: post.title.trim(),
        description: post.description,
        // An empty `tag` clears the tags of a post being changed.
        tag: post.tags.length > 0 ? post.tags : id ? [''] : undefined,
        visibility: post.visibility,
        ...publishingParams(publishing),
      };
      if (!id) return (await apiSend<CreatedEnvelope>(client, network, 'BlogPost', { method: 'POST', form })).id;
      await apiSend<DoneEnvelope>(client, network, 'BlogPost', { method: 'PUT', query: { id }, form });
      return id;
    },
    meta: { invalidates: [['blogPosts'], ['writing', 'tags']] },
  });
}

export function deletePostOptions(network: string) {
  return mutationOptions({
    mutationKey: ['blogPosts', 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'BlogPost', { method: 'DELETE', query: { id } }),
    meta: { invalidates: [['blogPosts'], ['writing', 'tags'], ['activity']] },
  });
}

/** The description as readers will get it, sanitised by the service; nothing is saved. */
export function previewOptions(network: string) {
  return mutationOptions({
    mutationKey: ['blogPosts', 'preview', network],
    mutationFn: async (description: string, { client }) =>
      (await apiSend<Reply<'/BlogPost/preview', 'post'>>(client, network, 'BlogPost/preview', { method: 'POST', form: { description } }))
        .entry.description,
  });
}

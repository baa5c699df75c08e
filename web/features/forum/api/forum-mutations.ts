// Starting, changing and deleting a topic, and (for administrators) making a category. Each
// write refreshes the forum's lists; a topic's text goes to the service as paragraphs.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope } from '../../../lib/api-types';
import { forumQueries } from './forum-queries';

export type TopicDraft = { title: string; text: string; categoryId: string; tags: string[] };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as HTML paragraphs (a blank line between paragraphs, line breaks kept). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A topic's stored HTML back as the plain text it was written as. */
export function htmlToText(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  const blocks = [...document.body.children];
  if (blocks.length === 0) return document.body.textContent ?? '';
  return blocks.map((block) => block.textContent ?? '').join('\n\n');
}

export function saveTopicOptions(network: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'save', network],
    mutationFn: async ({ id, draft }: { id?: string; draft: TopicDraft }, { client }) => {
      const form = {
        title: draft.title.trim(),
        description: textToHtml(draft.text),
        categoryId: draft.categoryId || undefined,
        // An empty `tag` clears the tags of a topic being changed.
        tag: draft.tags.length > 0 ? draft.tags : id ? [''] : undefined,
      };
      if (!id) return (await apiSend<CreatedEnvelope>(client, network, 'Topic', { method: 'POST', form })).id;
      await apiSend<DoneEnvelope>(client, network, 'Topic', { method: 'PUT', query: { id }, form });
      return id;
    },
    meta: { invalidates: [forumQueries.all(), ['activity'], ['tags']] },
  });
}

/** Closes a topic to replies, or opens it again. */
export function closeTopicOptions(network: string, id: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'close', network, id],
    mutationFn: (closed: boolean, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Topic', { method: 'PUT', query: { id }, form: { isClosed: String(closed) } }),
    meta: { invalidates: [forumQueries.all()] },
  });
}

export function deleteTopicOptions(network: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Topic', { method: 'DELETE', query: { id } }),
    // The topic is gone: its page's query is dropped rather than refetched into a "not found".
    onSuccess: (_done, id, _context, { client }) => client.removeQueries({ queryKey: forumQueries.topic(network, id).queryKey }),
    meta: { invalidates: [forumQueries.all(), ['activity'], ['tags']] },
  });
}

export type CategoryFields = { title: string; description: string };

export function createCategoryOptions(network: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'category', network],
    mutationFn: async ({ title, description }: CategoryFields, { client }) =>
      (await apiSend<CreatedEnvelope>(client, network, 'Category', { method: 'POST', form: { title: title.trim(), description: description.trim() } })).id,
    meta: { invalidates: [forumQueries.all()] },
  });
}

/** Renames a category or changes what it is for (administrators). */
export function changeCategoryOptions(network: string, id: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'changeCategory', { network, id }],
    mutationFn: ({ title, description }: CategoryFields, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Category', { method: 'PUT', query: { id }, form: { title: title.trim(), description: description.trim() } }),
    meta: { invalidates: [forumQueries.all()] },
  });
}

/** Deletes a category (administrators); its topics stay in the forum, without a category. */
export function deleteCategoryOptions(network: string) {
  return mutationOptions({
    mutationKey: [...forumQueries.all(), 'deleteCategory', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Category', { method: 'DELETE', query: { id } }),
    onSuccess: (_done, id, _context, { client }) => client.removeQueries({ queryKey: forumQueries.category(network, id).queryKey }),
    meta: { invalidates: [forumQueries.all()] },
  });
}

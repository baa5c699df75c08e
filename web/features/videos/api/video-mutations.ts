// Adding a video by its address on its host, changing its details, and deleting one's own.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope, Visibility } from '../../../lib/api-types';
import { textToHtml } from '../../forum/api/forum-mutations';
import { videoQueries } from './video-queries';

export type NewVideo = { url: string; title: string; description: string; tags: string[] };

export function addVideoOptions(network: string) {
  return mutationOptions({
    mutationKey: [...videoQueries.all(), 'add', network],
    mutationFn: async ({ url, title, description, tags }: NewVideo, { client }) =>
      (
        await apiSend<CreatedEnvelope>(client, network, 'Video', {
          method: 'POST',
          form: { url: url.trim(), title: title.trim(), description: textToHtml(description), tag: tags.length > 0 ? tags : undefined },
        })
      ).id,
    meta: { invalidates: [videoQueries.all(), ['activity'], ['tags']] },
  });
}

export type VideoChanges = { title: string; description: string; tags: string[]; visibility: Visibility };

export function changeVideoOptions(network: string, id: string) {
  return mutationOptions({
    mutationKey: [...videoQueries.all(), 'change', { network, id }],
    mutationFn: ({ title, description, tags, visibility }: VideoChanges, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Video', {
        method: 'PUT',
        query: { id },
        // An empty `tag` clears the video's tags.
        form: { title: title.trim(), description, visibility, tag: tags.length > 0 ? tags : [''] },
      }),
    meta: { invalidates: [videoQueries.all(), ['tags']] },
  });
}

export function deleteVideoOptions(network: string) {
  return mutationOptions({
    mutationKey: [...videoQueries.all(), 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Video', { method: 'DELETE', query: { id } }),
    // The video is gone: its page's query is dropped rather than refetched into a "not found".
    onSuccess: (_done, id, _context, { client }) => client.removeQueries({ queryKey: videoQueries.detail(network, id).queryKey }),
    meta: { invalidates: [videoQueries.all(), ['activity'], ['tags']] },
  });
}

// Adding a video by its address on its host, and deleting one's own.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope } from '../../../lib/api-types';
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

export function deleteVideoOptions(network: string) {
  return mutationOptions({
    mutationKey: [...videoQueries.all(), 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Video', { method: 'DELETE', query: { id } }),
    // The video is gone: its page's query is dropped rather than refetched into a "not found".
    onSuccess: (_done, id, _context, { client }) => client.removeQueries({ queryKey: videoQueries.detail(network, id).queryKey }),
    meta: { invalidates: [videoQueries.all(), ['activity'], ['tags']] },
  });
}

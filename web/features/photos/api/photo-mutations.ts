// Changing a photo (title, description, tags, who may see it) and deleting it; each refreshes
// the gallery and the photo itself.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DoneEnvelope, Visibility } from '../../../lib/api-types';
import { photoQueries } from './photo-queries';

export type PhotoChanges = { title: string; description: string; tags: string[]; visibility: Visibility };

export function changePhotoOptions(network: string, id: string) {
  return mutationOptions({
    mutationKey: [...photoQueries.all(), 'change', { network, id }],
    mutationFn: ({ title, description, tags, visibility }: PhotoChanges, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Photo', {
        method: 'PUT',
        query: { id },
        // An empty `tag` clears the photo's tags.
        form: { title: title.trim(), description, visibility, tag: tags.length > 0 ? tags : [''] },
      }),
    meta: { invalidates: [photoQueries.all(), ['tags']] },
  });
}

export function deletePhotoOptions(network: string) {
  return mutationOptions({
    mutationKey: [...photoQueries.all(), 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Photo', { method: 'DELETE', query: { id } }),
    // The photo is gone: its page's query is dropped rather than refetched into a "not found".
    onSuccess: (_done, id, _context, { client }) => client.removeQueries({ queryKey: photoQueries.detail(network, id).queryKey }),
    meta: { invalidates: [photoQueries.all(), ['tags'], ['activity']] },
  });
}

// Deleting a comment (one's own, or any on one's own post). It disappears at once and comes
// back if the service refuses.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DoneEnvelope } from '../../../lib/api-types';
import { commentQueries } from './comment-queries';

export function removeCommentOptions(network: string, attachedTo: string) {
  const comments = commentQueries.list(network, attachedTo);
  return mutationOptions({
    mutationKey: [...commentQueries.all(), 'remove', { network, attachedTo }],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Comment', { method: 'DELETE', query: { id } }),
    onMutate: async (id, { client }) => {
      await client.cancelQueries({ queryKey: comments.queryKey });
      const previous = client.getQueryData(comments.queryKey);
      if (previous) client.setQueryData(comments.queryKey, { ...previous, entry: previous.entry.filter((comment) => comment.id !== id) });
      return { previous };
    },
    onError: (_error, _id, onMutateResult, { client }) => {
      if (onMutateResult?.previous) client.setQueryData(comments.queryKey, onMutateResult.previous);
    },
    meta: { invalidates: [comments.queryKey, ['blogPosts'], ['photos'], ['forum'], ['videos']] },
  });
}

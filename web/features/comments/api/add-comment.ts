// Writing a comment. It shows up at once, marked as pending, and is replaced by the
// server's copy (or taken back, if the write fails) when the comments are refetched.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend, sessionQueryKey } from '../../../lib/api-client';
import type { Comment, CreatedEnvelope, SessionEntry } from '../../../lib/api-types';
import { commentQueries } from './comment-queries';

export const PENDING_ID_PREFIX = 'pending:';
let pendingCount = 0;

export function addCommentOptions(network: string, attachedTo: string) {
  const comments = commentQueries.list(network, attachedTo);
  return mutationOptions({
    mutationKey: [...commentQueries.all(), 'add', { network, attachedTo }],
    mutationFn: (description: string, { client }) =>
      apiSend<CreatedEnvelope>(client, network, 'Comment', {
        method: 'POST',
        form: { attachedTo, description },
      }),
    onMutate: async (description, { client }) => {
      await client.cancelQueries({ queryKey: comments.queryKey });
      const previous = client.getQueryData(comments.queryKey);
      const member = client.getQueryData<SessionEntry | null>(sessionQueryKey(network));
      if (previous && member) {
        const now = new Date().toISOString();
        const pending: Comment = {
          id: `${PENDING_ID_PREFIX}${++pendingCount}`,
          author: member.author,
          createdDate: now,
          updatedDate: now,
          featuredDate: null,
          description,
          attachedTo,
          attachedToType: attachedTo.split(':')[1] ?? '',
          attachedToAuthor: '',
          approved: true,
        };
        client.setQueryData(comments.queryKey, {
          ...previous,
          entry: [pending, ...previous.entry],
          resources: {
            ...previous.resources,
            [member.author]: previous.resources[member.author] ?? {
              fullName: member.fullName,
              iconUrl: member.iconUrl,
              url: '',
            },
          },
        });
      }
      return { previous };
    },
    onError: (_error, _description, onMutateResult, { client }) => {
      if (onMutateResult?.previous) client.setQueryData(comments.queryKey, onMutateResult.previous);
    },
    // The commented item's commentCount changes too, on its page and in listings.
    meta: { invalidates: [comments.queryKey, ['blogPosts'], ['photos'], ['forum'], ['videos']] },
  });
}

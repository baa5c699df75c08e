// The comments on a content item, oldest first, as a conversation reads. A member's own
// comments (and every comment on their own item) can be deleted, after asking.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import type { Comment } from '../../../lib/api-types';
import { PENDING_ID_PREFIX } from '../api/add-comment';
import { commentQueries } from '../api/comment-queries';
import { removeCommentOptions } from '../api/remove-comment';

type Props = {
  network: string;
  attachedTo: string;
  /** Who may delete which comment: the viewer's own, or all of them on the viewer's own item. */
  canDelete: (comment: Comment) => boolean;
  /** More controls for a comment (an administrator's), given it and the id of what names it. */
  controls?: (comment: Comment, nameId: string) => ReactNode;
  /** What an item without comments says. */
  empty?: string;
};

export function CommentList({ network, attachedTo, canDelete, controls, empty = 'No comments yet.' }: Props) {
  const comments = useQuery(commentQueries.list(network, attachedTo));
  const remove = useMutation(removeCommentOptions(network, attachedTo));
  const [asking, setAsking] = useState<Comment | null>(null);

  if (comments.isPending) return <Skeleton label="Loading comments…" rows={2} lines={2} avatar />;
  if (comments.isError) {
    return <ErrorMessage error={comments.error} title="Comments could not be loaded." retry={() => void comments.refetch()} />;
  }

  const { entry, resources } = comments.data;
  return (
    <>
      {entry.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ol className="comment-list">
          {entry.toReversed().map((comment) => {
            const pending = comment.id.startsWith(PENDING_ID_PREFIX);
            const name = `comment by ${resources[comment.author]?.fullName ?? comment.author}`;
            const nameId = `comment-${comment.id.replaceAll(':', '-')}`;
            return (
              <li key={comment.id} className="comment" aria-busy={pending} id={nameId}>
                <div className="meta">
                  <MemberByline author={comment.author} resources={resources} />
                  {pending ? <span>Sending…</span> : <RelativeTime iso={comment.createdDate} />}
                  {pending ? null : (
                    // An administrator's controls and Delete keep together at the line's end.
                    <span className="comment-actions">
                      {controls ? controls(comment, nameId) : null}
                      {canDelete(comment) ? (
                        <button type="button" className="link-button" aria-label={`Delete ${name}`} onClick={() => setAsking(comment)}>
                          Delete
                        </button>
                      ) : null}
                    </span>
                  )}
                </div>
                {pending ? (
                  <p className="comment-text">{comment.description}</p>
                ) : (
                  // Stored comments are HTML the server sanitised against its allowlist.
                  <div className="comment-text" dangerouslySetInnerHTML={{ __html: comment.description }} />
                )}
              </li>
            );
          })}
        </ol>
      )}
      {remove.isError ? <ErrorMessage error={remove.error} title="The comment was not deleted." /> : null}
      <ConfirmDialog
        open={asking !== null}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) remove.mutate(asking.id);
          setAsking(null);
        }}
      >
        <p>It will be gone for everyone.</p>
      </ConfirmDialog>
    </>
  );
}

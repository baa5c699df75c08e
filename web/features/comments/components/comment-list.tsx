// The comments on a content item, oldest first, as a conversation reads.
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/relative-time';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { MemberByline } from '../../../components/member-byline';
import { PENDING_ID_PREFIX } from '../api/add-comment';
import { commentQueries } from '../api/comment-queries';

export function CommentList({ network, attachedTo }: { network: string; attachedTo: string }) {
  const comments = useQuery(commentQueries.list(network, attachedTo));

  if (comments.isPending) return <Skeleton label="Loading comments…" rows={2} lines={2} avatar />;
  if (comments.isError) {
    return <ErrorMessage error={comments.error} title="Comments could not be loaded." />;
  }

  const { entry, resources } = comments.data;
  if (entry.length === 0) return <p>No comments yet.</p>;
  return (
    <ol className="comment-list">
      {entry.toReversed().map((comment) => {
        const pending = comment.id.startsWith(PENDING_ID_PREFIX);
        return (
          <li key={comment.id} className="comment" aria-busy={pending}>
            <p className="meta">
              <MemberByline author={comment.author} resources={resources} />
              {pending ? <span>Sending…</span> : <RelativeTime iso={comment.createdDate} />}
            </p>
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
  );
}

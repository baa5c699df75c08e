// What the pages of a post, a photo and a video share: administrators' moderation controls with the
// author's own actions beside them (the author's Delete standing in for the moderators'), and
// the comment thread with the way to comment.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { CommentAccess } from '../features/comments/components/comment-access';
import { CommentList } from '../features/comments/components/comment-list';
import { ModerationControls, type ModeratedItem } from '../features/moderation/components/moderation-controls';
import { useViewer } from '../features/session/api/viewer';

type ActionsProps = {
  network: string;
  item: ModeratedItem;
  /** What the item is, in a sentence: "post", "photo". */
  noun: string;
  /** Where to go once the item is rejected or deleted. */
  listPath: string;
  /** Edit and Delete, for the item's author. */
  ownActions: ReactNode;
};

export function ItemActions({ network, item, noun, listPath, ownActions }: ActionsProps) {
  const viewer = useViewer(network);
  const navigate = useNavigate();
  const own = viewer.canWrite && item.author === viewer.member?.author;
  return (
    <>
      <ModerationControls
        network={network}
        item={item}
        viewer={viewer}
        noun={noun}
        withoutDelete={own}
        onGone={() => navigate(listPath, { replace: true })}
      />
      {own ? ownActions : null}
    </>
  );
}

/** The item's comments, oldest first: members delete their own, and any on their own item. */
export function ItemComments({ network, item, children }: { network: string; item: { id: string; author: string }; children?: ReactNode }) {
  const viewer = useViewer(network);
  const me = viewer.member?.author;
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      <CommentList
        network={network}
        attachedTo={item.id}
        canDelete={(comment) => viewer.isAdmin || (viewer.canWrite && (comment.author === me || item.author === me))}
        controls={(comment, nameId) => (
          <ModerationControls network={network} item={comment} viewer={viewer} noun="comment" describedBy={nameId} withoutDelete />
        )}
      />
      <CommentAccess network={network} attachedTo={item.id} viewer={viewer} />
      {children}
    </section>
  );
}

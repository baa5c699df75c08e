// What the pages of a post, a photo and a video share: the item's view from its id in the
// address, administrators' moderation controls with the author's own actions beside them (the
// author's Delete standing in for the moderators'), and the comment thread with the way to comment.
import type { ComponentType, ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CommentAccess } from '../features/comments/components/comment-access';
import { CommentList } from '../features/comments/components/comment-list';
import { ModerationControls, type ModeratedItem } from '../features/moderation/components/moderation-controls';
import { useViewer } from '../features/session/api/viewer';
import { useNetwork } from './use-network';

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

/** What an item's view takes: the item is loaded from its id, and the page fills in around it. */
export type ItemViewProps<T> = {
  network: string;
  id: string;
  actions?: (item: T) => ReactNode;
  children?: (item: T) => ReactNode;
};

type ItemRouteProps<T extends ModeratedItem> = {
  /** The feature's view of the item: it loads the item and shows it, its skeleton or why it cannot. */
  View: ComponentType<ItemViewProps<T>>;
  noun: string;
  /** The list the item is in, where its page gives way to once it is gone. */
  listPath: (network: string) => string;
  /** The author's Edit and Delete. */
  ownActions: (network: string, item: T) => ReactNode;
  /** What follows the comments (live updates to them). */
  afterComments?: (network: string, item: T) => ReactNode;
};

/** An item's own page: its view, the moderation and author's actions on it, and its comments. */
export function ItemRoute<T extends ModeratedItem>({ View, noun, listPath, ownActions, afterComments }: ItemRouteProps<T>) {
  const network = useNetwork();
  const { id = '' } = useParams();
  return (
    <View
      network={network}
      id={id}
      actions={(item) => (
        <ItemActions network={network} item={item} noun={noun} listPath={listPath(network)} ownActions={ownActions(network, item)} />
      )}
    >
      {(item) => (
        <ItemComments network={network} item={item}>
          {afterComments?.(network, item)}
        </ItemComments>
      )}
    </View>
  );
}

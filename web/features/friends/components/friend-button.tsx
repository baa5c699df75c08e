// The one friend button on a member's profile, its label following how the signed-in member
// and they stand: "Add friend"; "Request sent" (which can be cancelled); "Accept" and
// "Decline" a request from them; "Friends" (which can be ended, after asking); "Unblock".
// Blocking is its own, quieter button beside it, also after asking.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { friendMoveOptions, type FriendAction } from '../api/friend-mutations';
import { friendQueries } from '../api/friend-queries';

type Props = { network: string; me: string; member: { author: string; fullName: string } };

/** The moves that ask first, with what the question says. */
const ASKING = {
  cancel: (name: string) => ({ title: `Cancel your friend request to ${name}?`, confirm: 'Cancel request', keep: 'Keep request', text: null }),
  unfriend: (name: string) => ({
    title: `Unfriend ${name}?`,
    confirm: 'Unfriend',
    keep: 'Stay friends',
    text: `You will no longer see each other’s friends-only posts and photos. ${name} is not told.`,
  }),
  block: (name: string) => ({
    title: `Block ${name}?`,
    confirm: 'Block',
    keep: 'Cancel',
    text: `${name} will no longer be your friend, cannot ask to be, and cannot comment on what you share. ${name} is not told; you can unblock them later.`,
  }),
};
type AskingMove = keyof typeof ASKING;

export function FriendButton({ network, me, member }: Props) {
  const relationship = useQuery(friendQueries.relationship(network, me, member.author));
  const move = useMutation(friendMoveOptions(network, me));
  const [asking, setAsking] = useState<AskingMove | null>(null);
  const name = member.fullName;
  const act = (action: FriendAction) => move.mutate({ screenName: member.author, action });

  if (relationship.isPending) return <div className="friend-actions" aria-busy="true" />;
  if (relationship.isError) {
    return <ErrorMessage error={relationship.error} title="Whether you are friends could not be loaded." retry={() => void relationship.refetch()} />;
  }

  const state = relationship.data;
  const question = asking ? ASKING[asking](name) : null;
  return (
    <div className="friend-actions">
      {state === null ? (
        <button type="button" onClick={() => act('ask')}>
          Add friend
        </button>
      ) : state === 'pending' ? (
        <button type="button" className="secondary" onClick={() => setAsking('cancel')}>
          Request sent
        </button>
      ) : state === 'friend_request' ? (
        <>
          <span className="friend-note">{name} asked to be your friend.</span>
          <button type="button" onClick={() => act('accept')}>
            Accept
          </button>
          <button type="button" className="secondary" onClick={() => act('decline')}>
            Decline
          </button>
        </>
      ) : state === 'friend' ? (
        <button type="button" className="secondary" onClick={() => setAsking('unfriend')}>
          <span aria-hidden="true">✓ </span>Friends
        </button>
      ) : (
        <button type="button" className="secondary" onClick={() => act('unblock')}>
          Unblock
        </button>
      )}
      {state !== 'blocked' ? (
        <button type="button" className="link-button block-button" onClick={() => setAsking('block')}>
          Block
        </button>
      ) : (
        <span className="friend-note">You have blocked {name}.</span>
      )}
      {move.isError ? (
        <ErrorMessage
          error={move.error}
          title="That did not work."
          words={{
            '2-3': `You cannot add ${name} as a friend.`,
            '3': `${name} is no longer an active member here.`,
            '6-2': 'Things changed meanwhile: the button now shows how you stand.',
          }}
        />
      ) : null}
      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        confirmLabel={question?.confirm ?? ''}
        cancelLabel={question?.keep}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) act(asking);
          setAsking(null);
        }}
      >
        {question?.text ? <p>{question.text}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

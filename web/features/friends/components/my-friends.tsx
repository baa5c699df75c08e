// The Friends page: requests waiting for the member's answer first, then their friends, the
// requests they sent and the members they blocked, each list A to Z with "Show more". Every
// row has the move that list is for, and leads to the other member's profile.
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { appPath, paths } from '../../../lib/paths';
import { friendMoveOptions, type FriendAction } from '../api/friend-mutations';
import { friendQueries, type FriendState } from '../api/friend-queries';

type ListSpec = {
  state: FriendState;
  title: string;
  empty: string;
  /** When the relationship began or last changed, in words. */
  when: string;
  moves: { action: FriendAction; label: (name: string) => string; text: string; secondary?: boolean }[];
  /** Hidden when empty: there is nothing to invite. */
  hideWhenEmpty?: boolean;
};

const LISTS: ListSpec[] = [
  {
    state: 'friend_request',
    title: 'Requests to you',
    empty: 'No one is waiting for your answer.',
    when: 'Asked',
    moves: [
      { action: 'accept', label: () => 'Accept', text: 'Accept' },
      { action: 'decline', label: () => 'Decline', text: 'Decline', secondary: true },
    ],
  },
  {
    state: 'friend',
    title: 'Your friends',
    empty: 'You have no friends here yet.',
    when: 'Friends since',
    moves: [{ action: 'unfriend', label: (name) => `Unfriend ${name}`, text: 'Unfriend', secondary: true }],
  },
  {
    state: 'pending',
    title: 'Requests you sent',
    empty: 'You have no requests waiting for an answer.',
    when: 'Sent',
    moves: [{ action: 'cancel', label: (name) => `Cancel request to ${name}`, text: 'Cancel request', secondary: true }],
  },
  {
    state: 'blocked',
    title: 'Blocked members',
    empty: '',
    when: 'Blocked',
    moves: [{ action: 'unblock', label: (name) => `Unblock ${name}`, text: 'Unblock', secondary: true }],
    hideWhenEmpty: true,
  },
];

export function MyFriends({ network, me }: { network: string; me: string }) {
  return (
    <>
      {LISTS.map((spec) => (
        <FriendList key={spec.state} network={network} me={me} spec={spec} />
      ))}
    </>
  );
}

function FriendList({ network, me, spec }: { network: string; me: string; spec: ListSpec }) {
  const list = useInfiniteQuery(friendQueries.mine(network, me, spec.state));
  const move = useMutation(friendMoveOptions(network, me));
  const [unfriending, setUnfriending] = useState<{ screenName: string; name: string } | null>(null);
  const headingId = useId();

  const rows = list.data?.pages.flatMap(({ entry, resources }) => entry.map((relationship) => ({ relationship, person: resources[relationship.friend] }))) ?? [];
  if (spec.hideWhenEmpty && list.isSuccess && rows.length === 0) return null;

  function act(action: FriendAction, screenName: string, name: string) {
    if (action === 'unfriend') setUnfriending({ screenName, name });
    else move.mutate({ screenName, action });
  }

  return (
    <section className="friend-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {spec.title}
        {list.isSuccess && rows.length > 0 ? <span className="count"> ({rows.length}{list.hasNextPage ? '+' : ''})</span> : null}
      </h2>
      {list.isPending ? (
        <Skeleton label={`Loading ${spec.title.toLowerCase()}…`} rows={2} lines={1} avatar />
      ) : list.isError ? (
        <ErrorMessage error={list.error} title={`${spec.title} could not be loaded.`} retry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        // Only the friends list invites a first step; the requests' lists just say they are empty.
        spec.state === 'friend' ? (
          <EmptyState title={spec.empty} action={<Link to={paths.members(network)}>Find members to befriend</Link>} />
        ) : (
          <p className="muted">{spec.empty}</p>
        )
      ) : (
        <ul className="friend-rows">
          {rows.map(({ relationship, person }) => {
            const name = person?.fullName ?? relationship.friend;
            return (
              <li key={relationship.friend} className="friend-row">
                <img className="avatar" src={person?.iconUrl} alt="" width={40} height={40} />
                <div className="friend-row-main">
                  <Link className="friend-row-name" to={person?.url ? appPath(person.url) : paths.member(network, relationship.friend)}>
                    {name}
                  </Link>
                  <span className="friend-row-when">
                    {spec.when} <RelativeTime iso={relationship.updatedDate} />
                  </span>
                </div>
                <div className="friend-row-moves">
                  {spec.moves.map(({ action, label, text, secondary }) => (
                    <button
                      key={action}
                      type="button"
                      className={secondary ? 'secondary' : undefined}
                      aria-label={label(name) === text ? undefined : label(name)}
                      disabled={move.isPending && move.variables?.screenName === relationship.friend}
                      onClick={() => act(action, relationship.friend, name)}
                    >
                      {text}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <button type="button" className="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
      {move.isError ? <ErrorMessage error={move.error} title="That did not work." words={{ '6-2': 'That changed meanwhile: the list now shows how things stand.' }} /> : null}
      <ConfirmDialog
        open={unfriending !== null}
        title={`Unfriend ${unfriending?.name ?? ''}?`}
        confirmLabel="Unfriend"
        cancelLabel="Stay friends"
        onCancel={() => setUnfriending(null)}
        onConfirm={() => {
          if (unfriending) move.mutate({ screenName: unfriending.screenName, action: 'unfriend' });
          setUnfriending(null);
        }}
      >
        <p>You will no longer see each other’s friends-only posts and photos.</p>
      </ConfirmDialog>
    </section>
  );
}

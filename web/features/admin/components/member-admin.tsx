// Members as administrators manage them: everyone (pending and blocked members too) or only
// those awaiting approval. Administrators approve or reject pending members, block and
// unblock, feature, and remove; the Network Creator makes and unmakes administrators.
// Rejecting, removing and making an administrator ask first.
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import type { Member } from '../../../lib/api-types';
import { appPath } from '../../../lib/paths';
import { featureOptions } from '../../moderation/api/moderation';
import type { Viewer } from '../../session/api/viewer';
import { adminQueries, changeMemberOptions, removeMemberOptions, type MemberChange, type MemberFilter } from '../api/admin-queries';

const WORDS = {
  '2': 'Only the Network Creator may do that.',
  '3': 'That member is no longer here: someone may have dealt with them already.',
  '6-2': 'That member changed meanwhile. Look again and try once more.',
};

const FILTERS: [MemberFilter, string][] = [
  ['all', 'Everyone'],
  ['pending', 'Awaiting approval'],
  ['active', 'Active members'],
  ['blocked', 'Blocked'],
  ['admin', 'Administrators'],
];

type Asking = { member: Member; act: 'reject' | 'remove' | 'promote' | 'demote' | 'block' };

const ASK = {
  reject: { title: 'Reject this member?', confirm: 'Reject', text: 'They are turned away and will have to ask to join again.' },
  remove: { title: 'Remove this member?', confirm: 'Remove member', text: 'They lose their membership at once; what they posted stays. This cannot be undone.' },
  promote: { title: 'Make this member an administrator?', confirm: 'Make administrator', text: 'They can then approve, feature, block and delete anything in the network.' },
  demote: { title: 'Stop this member being an administrator?', confirm: 'Remove administrator', text: 'They keep their membership and what they posted.' },
  block: { title: 'Block this member?', confirm: 'Block', text: 'They can still sign in, but can no longer post, comment or upload until unblocked.' },
} as const;

function stateOf(member: Member): string {
  if (member.isOwner) return 'Network Creator';
  if (member.state === 'pending') return 'Awaiting approval';
  if (member.state === 'blocked') return 'Blocked';
  if (member.isAdmin) return 'Administrator';
  return 'Member';
}

export function MemberAdmin({ network, viewer }: { network: string; viewer: Viewer }) {
  const [search, setSearch] = useSearchParams();
  const filter: MemberFilter = (FILTERS.find(([value]) => value === search.get('state')) ?? FILTERS[0])[0];
  const setFilter = (next: MemberFilter) =>
    setSearch((was) => {
      const params = new URLSearchParams(was);
      if (next === 'all') params.delete('state');
      else params.set('state', next);
      return params;
    }, { replace: true });
  const [query, setQuery] = useState('');
  // The service finds members by name, email or screen name; typing does not wait for each answer.
  const wanted = useDeferredValue(query.trim());
  const members = useInfiniteQuery(adminQueries.members(network, filter, wanted));
  const change = useMutation(changeMemberOptions(network));
  const remove = useMutation(removeMemberOptions(network));
  const feature = useMutation(featureOptions(network));
  const [asking, setAsking] = useState<Asking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filterId = useId();
  const searchId = useId();
  const busy = change.isPending || remove.isPending || feature.isPending;
  const failure = change.error ?? remove.error ?? feature.error;

  function act(member: Member, changeOf: MemberChange, done: string) {
    setNotice(null);
    change.mutate({ id: member.id, change: changeOf }, { onSuccess: () => setNotice(done) });
  }

  function confirm() {
    if (!asking) return;
    const { member, act: what } = asking;
    if (what === 'reject' || what === 'remove') {
      remove.mutate(member.id, { onSuccess: () => setNotice(`${member.fullName} ${what === 'reject' ? 'was turned away' : 'was removed'}.`) });
    } else if (what === 'promote') act(member, { isAdmin: true }, `${member.fullName} is an administrator now.`);
    else if (what === 'demote') act(member, { isAdmin: false }, `${member.fullName} is no longer an administrator.`);
    else act(member, { isBlocked: true }, `${member.fullName} is blocked.`);
    setAsking(null);
  }

  const shown = members.data?.pages.flatMap((page) => page.entry) ?? [];

  return (
    <>
      <div className="admin-filters">
        <div>
          <label htmlFor={searchId}>Find a member</label>
          <input id={searchId} type="search" value={query} placeholder="Name or email" onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div>
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value as MemberFilter)}>
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite">{notice ? <p className="notice">{notice}</p> : null}</div>
      {failure ? <ErrorMessage error={failure} title="That was not done." words={WORDS} /> : null}
      {members.isPending ? (
        <Skeleton label="Loading members…" rows={4} lines={2} avatar />
      ) : members.isError ? (
        <ErrorMessage error={members.error} title="The members could not be loaded." retry={() => void members.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={wanted ? 'No member matches that.' : filter === 'pending' ? 'Nobody is waiting for approval.' : 'No members here.'} />
      ) : (
        <ul className="admin-list">
          {shown.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              viewer={viewer}
              busy={busy}
              onApprove={() => act(member, { approved: true }, `${member.fullName} is a member now.`)}
              onUnblock={() => act(member, { isBlocked: false }, `${member.fullName} is unblocked.`)}
              onFeature={() =>
                feature.mutate(
                  { id: member.id, featured: member.featuredDate === null },
                  { onSuccess: () => setNotice(member.featuredDate === null ? `${member.fullName} is featured.` : `${member.fullName} is no longer featured.`) },
                )
              }
              onAsk={(what) => setAsking({ member, act: what })}
            />
          ))}
        </ul>
      )}
      {members.hasNextPage ? (
        <button type="button" className="secondary" disabled={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
          {members.isFetchingNextPage ? 'Loading…' : 'Show more members'}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ASK[asking.act].title : ''}
        confirmLabel={asking ? ASK[asking.act].confirm : ''}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        <p>
          <strong>{asking?.member.fullName}</strong>: {asking ? ASK[asking.act].text : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}

type RowProps = {
  member: Member;
  viewer: Viewer;
  busy: boolean;
  onApprove: () => void;
  onUnblock: () => void;
  onFeature: () => void;
  onAsk: (act: Asking['act']) => void;
};

function MemberRow({ member, viewer, busy, onApprove, onUnblock, onFeature, onAsk }: RowProps) {
  const nameId = useId();
  const self = viewer.member?.author === member.author;
  const state = stateOf(member);
  // Administrators manage members; only the Network Creator manages administrators.
  const manageable = !member.isOwner && !self && (viewer.isOwner || !member.isAdmin);
  const button = (label: string, onClick: () => void, className?: string) => (
    <button type="button" className={className} disabled={busy} aria-describedby={nameId} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <li className="admin-row">
      <img className="avatar" src={member.iconUrl} alt="" width={40} height={40} />
      <div className="admin-row-main">
        <p className="admin-row-title" id={nameId}>
          <Link to={appPath(member.url)}>{member.fullName}</Link>
        </p>
        <p className="meta">
          <span className={member.state === 'blocked' || member.state === 'pending' ? 'state-badge state-badge-danger' : 'state-badge'}>{state}</span>
          {member.featuredDate ? <span className="badge">Featured</span> : null}
          {member.email ? <span>{member.email}</span> : null}
          <span>
            Joined <RelativeTime iso={member.createdDate} />
          </span>
        </p>
        {manageable ? (
          <div className="admin-actions">
            {member.state === 'pending' ? (
              <>
                {button('Approve', onApprove)}
                {button('Reject', () => onAsk('reject'), 'danger-outline')}
              </>
            ) : (
              <>
                {member.state === 'blocked' ? button('Unblock', onUnblock, 'secondary') : button('Block', () => onAsk('block'), 'secondary')}
                {member.state === 'active' ? button(member.featuredDate ? 'Unfeature' : 'Feature', onFeature, 'secondary') : null}
                {viewer.isOwner && member.state === 'active'
                  ? member.isAdmin
                    ? button('Remove administrator', () => onAsk('demote'), 'secondary')
                    : button('Make administrator', () => onAsk('promote'), 'secondary')
                  : null}
                {button('Remove', () => onAsk('remove'), 'danger-outline')}
              </>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

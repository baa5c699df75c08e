// Administrators' controls on a member's profile: Approve or Reject a pending member, Block or
// Unblock, Feature or Unfeature, Remove; the Network Creator makes or unmakes administrators.
// What cannot be undone (rejecting, removing) and what hands over power asks first. Nobody
// manages the Network Creator or themselves here, and only the Network Creator manages other
// administrators.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import type { Member } from '../../../lib/api-types';
import { changeMemberOptions, removeMemberOptions, type MemberChange } from '../../admin/api/admin-queries';
import type { Viewer } from '../../session/api/viewer';
import { featureOptions } from '../api/moderation';

type Shown = Pick<Member, 'id' | 'author' | 'fullName' | 'state' | 'isOwner' | 'isAdmin' | 'featuredDate'>;
type Ask = 'reject' | 'remove' | 'block' | 'promote';

const ASK: Record<Ask, { title: string; confirm: string; text: string }> = {
  reject: { title: 'Reject this member?', confirm: 'Reject', text: 'They are turned away and will have to ask to join again.' },
  remove: { title: 'Remove this member?', confirm: 'Remove member', text: 'They lose their membership at once; what they posted stays. This cannot be undone.' },
  block: { title: 'Block this member?', confirm: 'Block', text: 'They can still sign in, but can no longer post, comment or upload until unblocked.' },
  promote: { title: 'Make this member an administrator?', confirm: 'Make administrator', text: 'They can then approve, feature, block and delete anything in the network.' },
};

const WORDS = { '3': 'That member is no longer here.', '6-2': 'That member changed meanwhile. Reload the page and try again.' };

export function MemberControls({ network, member, viewer, onGone }: { network: string; member: Shown; viewer: Viewer; onGone?: () => void }) {
  const change = useMutation(changeMemberOptions(network));
  const remove = useMutation({ ...removeMemberOptions(network), onSuccess: () => onGone?.() });
  const feature = useMutation(featureOptions(network));
  const [asking, setAsking] = useState<Ask | null>(null);
  const self = viewer.member?.author === member.author;
  if (!viewer.isAdmin || self || member.isOwner || (member.isAdmin && !viewer.isOwner)) return null;

  const busy = change.isPending || remove.isPending || feature.isPending;
  const failure = change.error ?? remove.error ?? feature.error;
  const set = (patch: MemberChange) => change.mutate({ id: member.id, change: patch });
  const button = (label: string, onClick: () => void, className = 'secondary') => (
    <button type="button" className={className} disabled={busy} onClick={onClick}>
      {label}
    </button>
  );

  // A member may also block another for themselves (beside the friend button); these act for the network.
  return (
    <span className="moderation-controls" role="group" aria-label="Administrator actions">
      <span className="muted">Administrator:</span>
      {member.state === 'pending' ? (
        <>
          <span className="state-badge awaiting">Awaiting approval</span>
          {button('Approve', () => set({ approved: true }), '')}
          {button('Reject', () => setAsking('reject'), 'danger-outline')}
        </>
      ) : (
        <>
          {member.state === 'blocked' ? (
            <>
              <span className="state-badge state-badge-danger">Blocked</span>
              {button('Unblock', () => set({ isBlocked: false }))}
            </>
          ) : (
            button('Block', () => setAsking('block'))
          )}
          {member.state === 'active' ? button(member.featuredDate ? 'Unfeature' : 'Feature', () => feature.mutate({ id: member.id, featured: !member.featuredDate })) : null}
          {viewer.isOwner && member.state === 'active'
            ? member.isAdmin
              ? button('Remove administrator', () => set({ isAdmin: false }))
              : button('Make administrator', () => setAsking('promote'))
            : null}
          {button('Remove', () => setAsking('remove'), 'danger-outline')}
        </>
      )}
      {failure ? <ErrorMessage error={failure} title="That was not done." words={WORDS} /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ASK[asking].title : ''}
        confirmLabel={asking ? ASK[asking].confirm : ''}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking === 'reject' || asking === 'remove') remove.mutate(member.id);
          else if (asking === 'block') set({ isBlocked: true });
          else if (asking === 'promote') set({ isAdmin: true });
          setAsking(null);
        }}
      >
        <p>
          <strong>{member.fullName}</strong>: {asking ? ASK[asking].text : ''}
        </p>
      </ConfirmDialog>
    </span>
  );
}

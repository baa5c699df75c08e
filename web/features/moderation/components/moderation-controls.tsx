// Administrators' controls where content is shown: an item awaiting approval carries a marker
// (for its author and for administrators) with Approve and Reject; administrators also
// Feature / Unfeature and Delete it. Rejecting and deleting cannot be undone, so they ask.
// Members who are not administrators see the marker on their own items only, and no controls.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import type { Viewer } from '../../session/api/viewer';
import { decideOptions, deleteItemOptions, featureOptions } from '../api/moderation';

export type ModeratedItem = {
  id: string;
  author: string;
  /** Absent on types that are never held for approval. */
  approved?: boolean;
  featuredDate: string | null;
};

type Props = {
  network: string;
  item: ModeratedItem;
  viewer: Viewer;
  /** What the item is, in a sentence: "post", "comment", "photo". */
  noun: string;
  /** The id of the element that names the item, when several items share a page. */
  describedBy?: string;
  /** Leave out Delete (when the page already offers its author's own). */
  withoutDelete?: boolean;
  /** After the item is rejected or deleted (it is gone). */
  onGone?: () => void;
};

const WORDS = { '3': 'It is no longer there: someone may have dealt with it already.' };

export function AwaitingApproval() {
  return <span className="state-badge awaiting">Awaiting approval</span>;
}

export function ModerationControls({ network, item, viewer, noun, describedBy, withoutDelete, onGone }: Props) {
  // Leaving the page of an item that is gone happens before the refresh after the write (the
  // mutation's own onSuccess runs first), so the page never shows it missing meanwhile.
  const decide = useMutation({
    ...decideOptions(network),
    onSuccess: (_done, { decision }) => {
      if (decision === 'reject') onGone?.();
    },
  });
  const feature = useMutation(featureOptions(network));
  const remove = useMutation({ ...deleteItemOptions(network), onSuccess: () => onGone?.() });
  const [asking, setAsking] = useState<'reject' | 'delete' | null>(null);
  const awaiting = item.approved === false;
  const mine = viewer.member?.author === item.author;
  if (!viewer.isAdmin) return awaiting && mine ? <AwaitingApproval /> : null;

  const failure = decide.error ?? feature.error ?? remove.error;
  const busy = decide.isPending || feature.isPending || remove.isPending;
  const featured = item.featuredDate !== null;

  return (
    <span className="moderation-controls">
      {awaiting ? (
        <>
          <AwaitingApproval />
          <button type="button" aria-describedby={describedBy} disabled={busy} onClick={() => decide.mutate({ id: item.id, decision: 'approve' })}>
            Approve
          </button>
          <button type="button" className="danger-outline" aria-describedby={describedBy} disabled={busy} onClick={() => setAsking('reject')}>
            Reject
          </button>
        </>
      ) : (
        <button
          type="button"
          className="secondary"
          aria-describedby={describedBy}
          disabled={busy}
          onClick={() => feature.mutate({ id: item.id, featured: !featured })}
        >
          {featured ? 'Unfeature' : 'Feature'}
        </button>
      )}
      {withoutDelete ? null : (
        <button type="button" className="danger-outline" aria-describedby={describedBy} disabled={busy} onClick={() => setAsking('delete')}>
          Delete
        </button>
      )}
      {failure ? <ErrorMessage error={failure} title={`The ${noun} was not changed.`} words={WORDS} /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'reject' ? `Reject this ${noun}?` : `Delete this ${noun}?`}
        confirmLabel={asking === 'reject' ? 'Reject' : 'Delete'}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const done = { onSettled: () => setAsking(null) };
          if (asking === 'reject') decide.mutate({ id: item.id, decision: 'reject' }, done);
          else remove.mutate(item.id, done);
        }}
      >
        <p>
          {asking === 'reject'
            ? `The ${noun} is removed and its author’s work is not kept. This cannot be undone.`
            : `The ${noun} will be gone for everyone. This cannot be undone.`}
        </p>
      </ConfirmDialog>
    </span>
  );
}

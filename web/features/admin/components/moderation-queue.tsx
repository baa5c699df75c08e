// The moderation queue: everything awaiting approval in one list (posts, photos, comments,
// topics, videos and new members), with a preview of each. An administrator approves or
// rejects one item, or ticks several and decides for them all; rejecting asks first. The list
// and the count in the navigation refresh every few seconds and after every decision.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage, errorText } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import {
  decideManyOptions,
  decideOptions,
  moderationQueries,
  TYPE_NAMES,
  typeOfId,
  type Decision,
  type QueueEntry,
  type QueueType,
} from '../../moderation/api/moderation';

const GONE = 'It is no longer waiting: another administrator may have dealt with it already.';
const WORDS = { '3': GONE, '6-2': GONE };

/** Where an item of the queue is shown in the app. */
function itemPath(network: string, entry: QueueEntry): string | null {
  const at = (type: string, id: string) =>
    type === 'BlogPost'
      ? paths.blogPost(network, id)
      : type === 'Photo'
        ? paths.photo(network, id)
        : type === 'Video'
          ? paths.video(network, id)
          : type === 'Topic'
            ? paths.forumItem(network, 'topics', id)
            : null;
  if (entry.type === 'User') return paths.member(network, entry.author);
  if (entry.type === 'Comment') return entry.attachedTo ? at(typeOfId(entry.attachedTo), entry.attachedTo) : null;
  return at(entry.type, entry.id);
}

/** What the item the comment is on is, as the activity feed says it. */
const COMMENTED_KINDS: Record<string, string> = { BlogPost: 'a post', Photo: 'a photo', Video: 'a video', User: 'a member’s profile' };

/** Comments have no title: they are named by what they are on ("Comment on a post", "Reply in a forum topic"). */
function untitledName(entry: QueueEntry): string {
  if (entry.type !== 'Comment') return `Untitled ${TYPE_NAMES[entry.type].one.toLowerCase()}`;
  const on = entry.attachedToType ?? (entry.attachedTo ? typeOfId(entry.attachedTo) : '');
  if (on === 'Topic') return 'Reply in a forum topic';
  return COMMENTED_KINDS[on] ? `Comment on ${COMMENTED_KINDS[on]}` : 'Comment';
}

export function ModerationQueue({ network }: { network: string }) {
  const [type, setType] = useState<QueueType | ''>('');
  const queue = useQuery(moderationQueries.queue(network, type || undefined));
  const decideOne = useMutation(decideOptions(network));
  const decideMany = useMutation(decideManyOptions(network));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const filterId = useId();

  const entries = queue.data?.entry ?? [];
  // Ticks of items no longer listed (decided here or elsewhere) do not count.
  const ticked = entries.filter((e) => selected.has(e.id)).map((e) => e.id);
  const allTicked = entries.length > 0 && ticked.length === entries.length;
  const busy = decideOne.isPending || decideMany.isPending;

  function toggle(id: string) {
    setSelected((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function decide(ids: string[], decision: Decision) {
    setOutcome(null);
    if (ids.length === 1) {
      decideOne.mutate(
        { id: ids[0]!, decision },
        { onSuccess: () => setOutcome(decision === 'approve' ? 'Approved.' : 'Rejected.') },
      );
      return;
    }
    decideMany.mutate(
      { ids, decision },
      {
        onSuccess: ({ done, failed, firstError }) => {
          setSelected(new Set(failed));
          const verb = decision === 'approve' ? 'Approved' : 'Rejected';
          setOutcome(
            failed.length === 0
              ? `${verb} ${done} ${done === 1 ? 'item' : 'items'}.`
              : `${verb} ${done} of ${ids.length}. ${failed.length} could not be: ${errorText(firstError, WORDS)}`,
          );
        },
      },
    );
  }

  return (
    <>
      <div className="queue-toolbar">
        <label htmlFor={filterId}>Show</label>
        <select id={filterId} value={type} onChange={(event) => setType(event.target.value as QueueType | '')}>
          <option value="">Everything</option>
          {(Object.keys(TYPE_NAMES) as QueueType[]).map((t) => (
            <option key={t} value={t}>
              {TYPE_NAMES[t].many}
            </option>
          ))}
        </select>
      </div>
      {queue.isPending ? (
        <Skeleton label="Loading the queue…" rows={3} lines={2} />
      ) : queue.isError ? (
        <ErrorMessage error={queue.error} title="The queue could not be loaded." retry={() => void queue.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="Nothing is waiting for approval.">New posts, photos, comments and members that need approval will appear here.</EmptyState>
      ) : (
        <>
          <div className="queue-bulk" role="group" aria-label="Selected items">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={allTicked}
                onChange={() => setSelected(allTicked ? new Set() : new Set(entries.map((e) => e.id)))}
              />
              Select all
            </label>
            <button type="button" disabled={busy || ticked.length === 0} onClick={() => decide(ticked, 'approve')}>
              Approve selected ({ticked.length})
            </button>
            <button type="button" className="danger-outline" disabled={busy || ticked.length === 0} onClick={() => setRejecting(ticked)}>
              Reject selected ({ticked.length})
            </button>
          </div>
          <ul className="queue-list">
            {entries.map((entry) => (
              <QueueItem
                key={entry.id}
                network={network}
                entry={entry}
                resources={queue.data.resources}
                ticked={selected.has(entry.id)}
                busy={busy}
                onToggle={() => toggle(entry.id)}
                onApprove={() => decide([entry.id], 'approve')}
                onReject={() => setRejecting([entry.id])}
              />
            ))}
          </ul>
          {queue.data.lastPage ? null : <p className="muted">More are waiting: they appear here as these are dealt with.</p>}
        </>
      )}
      <div aria-live="polite">{outcome ? <p className="notice">{outcome}</p> : null}</div>
      {decideOne.isError ? <ErrorMessage error={decideOne.error} title="That was not done." words={WORDS} /> : null}
      {decideMany.isError ? <ErrorMessage error={decideMany.error} title="That was not done." words={WORDS} /> : null}
      <ConfirmDialog
        open={rejecting !== null}
        title={rejecting && rejecting.length > 1 ? `Reject ${rejecting.length} items?` : 'Reject this item?'}
        confirmLabel="Reject"
        busy={busy}
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) decide(rejecting, 'reject');
          setRejecting(null);
        }}
      >
        <p>Rejected posts, photos, comments and topics are deleted; rejected members are turned away. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

type ItemProps = {
  network: string;
  entry: QueueEntry;
  resources: Parameters<typeof MemberByline>[0]['resources'];
  ticked: boolean;
  busy: boolean;
  onToggle: () => void;
  onApprove: () => void;
  onReject: () => void;
};

function QueueItem({ network, entry, resources, ticked, busy, onToggle, onApprove, onReject }: ItemProps) {
  const titleId = useId();
  const to = itemPath(network, entry);
  const name = entry.type === 'User' ? (resources[entry.author]?.fullName ?? entry.author) : entry.title || untitledName(entry);
  return (
    <li className="queue-item" aria-labelledby={titleId}>
      <input type="checkbox" className="queue-tick" checked={ticked} onChange={onToggle} aria-label={`Select “${name}”`} />
      <div className="queue-main">
        <p className="queue-kind">
          <span className="badge">{TYPE_NAMES[entry.type].one}</span>
          <RelativeTime iso={entry.createdDate} />
        </p>
        <h2 className="queue-title" id={titleId}>
          {to ? <Link to={to}>{name}</Link> : name}
        </h2>
        {entry.type === 'User' ? (
          <p className="muted">Wants to join the network.</p>
        ) : (
          <p className="meta">
            <span className="queue-by">
              By <MemberByline author={entry.author} resources={resources} />
            </span>
          </p>
        )}
        {entry.imageUrl || entry.preview ? (
          <div className="queue-preview">
            {entry.imageUrl ? <img src={entry.imageUrl} alt="" className="queue-image" /> : null}
            {entry.preview ? <p>{entry.preview}</p> : null}
          </div>
        ) : null}
        <div className="queue-actions">
          <button type="button" disabled={busy} aria-describedby={titleId} onClick={onApprove}>
            Approve
          </button>
          <button type="button" className="danger-outline" disabled={busy} aria-describedby={titleId} onClick={onReject}>
            Reject
          </button>
        </div>
      </div>
    </li>
  );
}

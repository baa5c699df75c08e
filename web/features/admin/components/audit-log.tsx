// The audit log: every administrative act, newest first, said as a sentence (who did what to
// which item), when, and from which address. Filtered by who acted, what they did, the kind of
// item and a date range, all kept in the URL so a filtered view can be shared.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import type { Resources } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { adminQueries, type AuditEntry, type AuditFilters } from '../api/admin-queries';

const ACTIONS: Record<AuditEntry['action'], string> = {
  approve: 'approved',
  unapprove: 'withdrew the approval of',
  reject: 'rejected',
  update: 'changed',
  delete: 'deleted',
  feature: 'featured',
  unfeature: 'unfeatured',
  block: 'blocked',
  unblock: 'unblocked',
  remove: 'removed',
  promote: 'made',
  demote: 'took administrator rights from',
  send: 'sent',
  create: 'created',
  revoke: 'revoked',
};

const ACTION_FILTERS: [AuditEntry['action'], string][] = [
  ['approve', 'Approved'],
  ['reject', 'Rejected'],
  ['feature', 'Featured'],
  ['unfeature', 'Unfeatured'],
  ['delete', 'Deleted'],
  ['block', 'Blocked'],
  ['unblock', 'Unblocked'],
  ['remove', 'Removed members'],
  ['promote', 'Made administrators'],
  ['demote', 'Removed administrators'],
  ['update', 'Changed settings'],
  ['send', 'Sent broadcasts'],
  ['create', 'Created'],
  ['revoke', 'Revoked'],
];

const TYPES: Record<AuditEntry['itemType'], string> = {
  Activity: 'activity event',
  BlogPost: 'blog post',
  BroadcastMessage: 'broadcast',
  Category: 'forum category',
  Comment: 'comment',
  ConsumerKey: 'API key',
  Network: 'network settings',
  Photo: 'photo',
  Topic: 'forum topic',
  User: 'member',
  Video: 'video',
};

const WORDS = { '4': 'Those filters do not fit together: check the dates.' };

/** Where the item acted on is shown, while it exists. */
function itemPath(network: string, entry: AuditEntry): string | null {
  // What was rejected or deleted is gone: no link leads to it.
  if (!entry.item || entry.action === 'reject' || entry.action === 'delete') return null;
  if (entry.itemType === 'BlogPost') return paths.blogPost(network, entry.item);
  if (entry.itemType === 'Photo') return paths.photo(network, entry.item);
  if (entry.itemType === 'Video') return paths.video(network, entry.item);
  if (entry.itemType === 'Topic') return paths.forumItem(network, 'topics', entry.item);
  if (entry.itemType === 'Network') return paths.adminSettings(network);
  return null;
}

function detailText(detail: AuditEntry['detail']): string | null {
  if (!detail) return null;
  const parts = Object.entries(detail).map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length ? parts.join(', ') : null;
}

export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(search.get(name) ?? '') ? search.get(name)! : undefined);
  return {
    actor: search.get('actor') || undefined,
    action: (search.get('action') as AuditEntry['action'] | null) || undefined,
    itemType: (search.get('itemType') as AuditEntry['itemType'] | null) || undefined,
    from: day('from'),
    to: day('to'),
  };
}

export function AuditLog({ network }: { network: string }) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const log = useInfiniteQuery(adminQueries.audit(network, filters));
  const ids = { actor: useId(), action: useId(), type: useId(), from: useId(), to: useId() };
  const entries = log.data?.pages.flatMap((page) => page.entry) ?? [];
  const resources: Resources = Object.assign({}, ...(log.data?.pages.map((page) => page.resources) ?? []));
  // Who acted: those in the log so far, and the one filtered by.
  const actors = [...new Set([...entries.map((e) => e.author), ...(filters.actor ? [filters.actor] : [])])];
  const name = (screenName: string) => resources[screenName]?.fullName ?? screenName;

  const set = (key: string, value: string) =>
    setSearch(
      (was) => {
        const next = new URLSearchParams(was);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <div className="admin-filters audit-filters" role="group" aria-label="Filters">
        <div>
          <label htmlFor={ids.actor}>Who</label>
          <select id={ids.actor} value={filters.actor ?? ''} onChange={(event) => set('actor', event.target.value)}>
            <option value="">Anyone</option>
            {actors.map((actor) => (
              <option key={actor} value={actor}>
                {name(actor)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.action}>What</label>
          <select id={ids.action} value={filters.action ?? ''} onChange={(event) => set('action', event.target.value)}>
            <option value="">Everything</option>
            {ACTION_FILTERS.map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.type}>On</label>
          <select id={ids.type} value={filters.itemType ?? ''} onChange={(event) => set('itemType', event.target.value)}>
            <option value="">Anything</option>
            {(Object.keys(TYPES) as AuditEntry['itemType'][]).map((type) => (
              <option key={type} value={type}>
                {TYPES[type][0]!.toUpperCase() + TYPES[type].slice(1)}s
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={filters.from ?? ''} onChange={(event) => set('from', event.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.to}>Until</label>
          <input id={ids.to} type="date" value={filters.to ?? ''} onChange={(event) => set('to', event.target.value)} />
        </div>
      </div>
      {filtered ? (
        <p>
          <Link to={paths.adminAudit(network)}>Clear the filters</Link>
        </p>
      ) : null}
      {log.isPending ? (
        <Skeleton label="Loading the audit log…" rows={4} lines={2} />
      ) : log.isError ? (
        <ErrorMessage error={log.error} title="The audit log could not be loaded." words={WORDS} retry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? 'Nothing matches these filters.' : 'No administrative acts yet.'} />
      ) : (
        <ol className="admin-list audit-list">
          {entries.map((entry) => {
            const to = itemPath(network, entry);
            const what = entry.title ? `${TYPES[entry.itemType]} “${entry.title}”` : `a ${TYPES[entry.itemType]}`;
            const detail = detailText(entry.detail);
            return (
              <li key={entry.id} className="admin-row">
                <div className="admin-row-main">
                  <p className="audit-sentence">
                    <strong>{name(entry.author)}</strong> {ACTIONS[entry.action]} {to ? <Link to={to}>{what}</Link> : what}
                    {entry.action === 'promote' ? ' an administrator' : null}
                  </p>
                  <p className="meta">
                    <RelativeTime iso={entry.createdDate} />
                    {entry.address ? <span>from {entry.address}</span> : null}
                    {detail ? <span className="audit-detail">{detail}</span> : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {log.hasNextPage ? (
        <button type="button" className="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Show older acts'}
        </button>
      ) : null}
    </>
  );
}

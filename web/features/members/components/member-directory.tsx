// The directory: members A to Z by name, or newest first, as cards leading to their profiles,
// paged with the service's anchors. The previous window stays (dimmed) while the next loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { appPath, paths } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { neighbours } from '../../blog-posts/paging';
import { memberQueries, type MemberSummary } from '../api/member-queries';
import { directoryFromSearch, orderOf } from '../directory';

const ORDERS = [
  { order: 'alpha', label: 'A to Z' },
  { order: 'newest', label: 'Newest' },
] as const;

export function MemberDirectory({ network, search }: { network: string; search: URLSearchParams }) {
  const current = orderOf(search);
  const listing = useQuery({ ...memberQueries.directory(directoryFromSearch(network, search)), placeholderData: keepPreviousData });

  return (
    <>
      <nav className="tabs" aria-label="Order of members">
        {ORDERS.map(({ order, label }) => (
          <Link key={order} to={paths.members(network, order === 'newest' ? order : undefined)} aria-current={order === current ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {listing.isPending ? (
        <Skeleton label="Loading members…" rows={4} lines={2} avatar />
      ) : listing.isError ? (
        <ErrorMessage error={listing.error} title="The members could not be loaded." retry={() => void listing.refetch()} />
      ) : listing.data.entry.length === 0 && !search.has('anchor') ? (
        <EmptyState title="No members yet.">Members who join will appear here.</EmptyState>
      ) : (
        <div aria-busy={listing.isPlaceholderData}>
          <ul className="member-cards" aria-label="Members">
            {listing.data.entry.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
          <Pager search={search} listing={listing.data} />
        </div>
      )}
    </>
  );
}

function MemberCard({ member }: { member: MemberSummary }) {
  return (
    <li className="member-card">
      <img className="avatar" src={member.iconUrl} alt="" width={48} height={48} loading="lazy" />
      <div className="member-card-main">
        <PrefetchLink className="member-card-name" to={appPath(member.url)}>
          {member.fullName}
        </PrefetchLink>
        {member.statusMessage ? <p className="member-card-status">“{member.statusMessage}”</p> : null}
        <p className="meta">
          {member.location ? <span>{member.location}</span> : null}
          <span>
            Joined <RelativeTime iso={member.createdDate} />
          </span>
        </p>
      </div>
    </li>
  );
}

function Pager({ search, listing }: { search: URLSearchParams; listing: Parameters<typeof neighbours>[1] }) {
  const pages = neighbours(search, listing);
  if (!pages.newer && !pages.older) return null;
  const newest = orderOf(search) === 'newest';
  return (
    <nav className="pager" aria-label="Pages">
      {pages.newer ? <Link to={pages.newer}>← {newest ? 'Newer members' : 'Previous'}</Link> : <span />}
      {pages.older ? <Link to={pages.older}>{newest ? 'Earlier members' : 'Next'} →</Link> : null}
    </nav>
  );
}

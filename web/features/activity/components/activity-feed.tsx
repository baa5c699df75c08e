// The activity feed: what happened, newest first, one sentence per event with when it
// happened; a window of it paged with anchors in the URL (`ActivityFeed`), or a member's
// latest few with a way to the rest (`MemberActivity`, for their profile).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { AnchorPager } from '../../../components/anchor-pager';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { DeleteActivityButton } from '../../moderation/components/delete-activity-button';
import { useViewer } from '../../session/api/viewer';
import { activityQueryFor } from '../activity-search';
import { activityQueries, type ActivityListing } from '../api/activity-queries';
import { ActivitySentence } from './activity-sentence';
import '../activity.css';

/** `network` is given to administrators, who may remove events. */
function EventList({ listing, network }: { listing: ActivityListing; network?: string }) {
  return (
    <ol className="activity-feed" aria-label="Events">
      {listing.entry.map((event) => {
        const who = listing.resources[event.author];
        return (
          <li key={event.id}>
            {who?.iconUrl ? <img className="avatar" src={who.iconUrl} alt="" width={40} height={40} loading="lazy" fetchPriority="low" /> : null}
            <div id={`event-${event.id.replaceAll(':', '-')}`}>
              <ActivitySentence event={event} people={listing.resources} />
              <RelativeTime iso={event.createdDate} />
            </div>
            {network ? <DeleteActivityButton network={network} id={event.id} describedBy={`event-${event.id.replaceAll(':', '-')}`} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The network's feed, or one member's with `?member=`, paged through the URL. */
export function ActivityFeed({ network, search }: { network: string; search: URLSearchParams }) {
  const viewer = useViewer(network);
  const listing = useQuery({ ...activityQueryFor(network, search), placeholderData: keepPreviousData });
  const member = search.get('member');

  if (listing.isPending) return <Skeleton label="Loading activity…" rows={6} lines={2} avatar />;
  if (listing.isError) return <ErrorMessage error={listing.error} title="The activity could not be loaded." retry={() => void listing.refetch()} />;
  if (listing.data.entry.length === 0) {
    return (
      <EmptyState
        title={member ? 'Nothing to show for this member yet.' : 'Nothing has happened here yet.'}
        action={
          viewer.canWrite && !member ? (
            <Link className="button-link" to={paths.write(network)}>
              Write the first post
            </Link>
          ) : null
        }
      >
        {member ? 'What they write, share and comment on will show up here.' : 'Posts, photos, comments and new members will show up here.'}
      </EmptyState>
    );
  }
  return (
    <div aria-busy={listing.isPlaceholderData}>
      <EventList listing={listing.data} network={viewer.isAdmin ? network : undefined} />
      <AnchorPager search={search} listing={listing.data} newer="← Newer activity" older="Older activity →" />
    </div>
  );
}

/** A member's latest events, for their profile page, with a link to all of them. */
type MemberActivityProps = { network: string; screenName: string; count?: number; /** Link to the rest of their events. */ more?: boolean };

export function MemberActivity({ network, screenName, count = 5, more = true }: MemberActivityProps) {
  const listing = useQuery(activityQueries.list(network, screenName, undefined, count));
  if (listing.isPending) return <Skeleton label="Loading activity…" rows={2} lines={2} />;
  if (listing.isError) return <ErrorMessage error={listing.error} title="Their activity could not be loaded." retry={() => void listing.refetch()} />;
  if (listing.data.entry.length === 0) return <p className="muted">Nothing to show yet.</p>;
  return (
    <>
      <EventList listing={listing.data} />
      {!more || listing.data.lastPage ? null : (
        <p>
          <Link to={paths.activity(network, screenName)}>All their activity</Link>
        </p>
      )}
    </>
  );
}

/** A profile's section of the member's latest events, its heading leading to all of them. */
export function MemberActivitySection({ network, screenName, fullName }: { network: string; screenName: string; fullName: string }) {
  const headingId = useId();
  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Recent activity</h2>
        <Link to={paths.activity(network, screenName)}>All activity of {fullName}</Link>
      </div>
      <MemberActivity network={network} screenName={screenName} more={false} />
    </section>
  );
}

// The activity feed: the network's, or one member's (`?member=`), newest first, paged.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { activityQueryFor } from '../../features/activity/activity-search';
import { ActivityFeed } from '../../features/activity/components/activity-feed';
import { PageTitle } from '../../features/network/components/page-title';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function ActivityPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const member = search.get('member');
  // The member's name comes with their events, in `resources`.
  const listing = useQuery(activityQueryFor(network, search));
  const name = member ? (listing.data?.resources[member]?.fullName ?? member) : null;
  const heading = name ? `Activity of ${name}` : 'Activity';
  return (
    <>
      <PageTitle title={heading} />
      <h1>{heading}</h1>
      {member ? (
        <p>
          <Link to={paths.member(network, member)}>Profile of {name}</Link> · <Link to={paths.activity(network)}>Everyone’s activity</Link>
        </p>
      ) : null}
      <ActivityFeed network={network} search={search} />
    </>
  );
}

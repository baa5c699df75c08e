// What happened lately in the network, one sentence per event.
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/relative-time';
import { paths } from '../../../lib/paths';
import { ActivitySentence } from '../../activity/components/activity-sentence';
import { frontPageQueries } from '../api/front-page-queries';
import { FrontSection } from './front-section';

export function RecentActivity({ network }: { network: string }) {
  const activity = useQuery(frontPageQueries.recentActivity(network));
  return (
    <FrontSection
      title="Recent activity"
      more={{ to: paths.activity(network), label: 'All activity' }}
      query={activity}
      isEmpty={(data) => data.entry.length === 0}
    >
      {({ entry, resources }) => (
        <ul className="activity-list">
          {entry.map((event) => (
            <li key={event.id}>
              <ActivitySentence event={event} people={resources} />
              <RelativeTime iso={event.createdDate} />
            </li>
          ))}
        </ul>
      )}
    </FrontSection>
  );
}

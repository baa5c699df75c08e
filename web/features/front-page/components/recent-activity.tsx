// What happened lately in the network, one sentence per event.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time';
import type { MemberResource } from '../../../lib/api-types';
import { appPath, paths } from '../../../lib/paths';
import { frontPageQueries, type ActivityItem } from '../api/front-page-queries';
import { FrontSection } from './front-section';

/** What the event's author did, in words; the item's title follows where there is one. */
export function activityVerb(event: Pick<ActivityItem, 'type' | 'attachedToType'>): string {
  const type = event.type;
  if (type === 'CreateBlogPost') return 'wrote';
  if (type === 'CreatePhoto') return 'added the photo';
  if (type === 'CreateVideo') return 'added the video';
  if (type === 'CreateTopic') return 'started the topic';
  if (type === 'JoinNetwork') return 'joined';
  if (type === 'StatusUpdate') return 'is';
  if (type === 'AddFriend') return 'became friends with';
  if (type.startsWith('Feature')) return 'was featured:';
  if (/^Create\w+Comment$/.test(type)) return 'commented on';
  return 'did something with';
}

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
              <ActivitySentence event={event} resources={resources} />
              <RelativeTime iso={event.createdDate} />
            </li>
          ))}
        </ul>
      )}
    </FrontSection>
  );
}

function ActivitySentence({ event, resources }: { event: ActivityItem; resources: Record<string, Partial<MemberResource>> }) {
  const who = resources[event.author]?.fullName ?? event.author;
  const other = event.type === 'AddFriend' && event.attachedToAuthor ? resources[event.attachedToAuthor]?.fullName : null;
  const what = event.type === 'StatusUpdate' ? `“${event.description ?? ''}”` : (other ?? event.title);
  return (
    <p>
      <strong>{who}</strong> {activityVerb(event)}{' '}
      {what ? event.url ? <Link to={appPath(event.url)}>{what}</Link> : <span>{what}</span> : null}
    </p>
  );
}

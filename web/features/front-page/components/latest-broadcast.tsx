// The administrators' latest message to every member, on top of the front page for members.
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/relative-time';
import { frontPageQueries } from '../api/front-page-queries';

export function LatestBroadcast({ network, enabled }: { network: string; enabled: boolean }) {
  const broadcast = useQuery({ ...frontPageQueries.latestBroadcast(network), enabled });
  if (!broadcast.data) return null;
  const { subject, body, createdDate } = broadcast.data;
  return (
    <aside className="broadcast" aria-label="Message from the administrators">
      <p className="broadcast-from">
        From the administrators · <RelativeTime iso={createdDate} />
      </p>
      <h2>{subject}</h2>
      {/* Broadcast bodies are HTML the server sanitised against its allowlist. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: body }} />
    </aside>
  );
}

// The administrators' overview: how much waits in the queue, and how big the network is.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiGet } from '../../../lib/api-client';
import type { CountEnvelope } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { moderationQueries } from '../../moderation/api/moderation';

const countQuery = (network: string, resource: string, query: Record<string, string> = {}) => ({
  queryKey: ['admin', 'count', network, resource, query] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await apiGet<CountEnvelope>(network, resource, query, signal)).count,
});

function Stat({ label, value, to }: { label: string; value: number | undefined; to?: string }) {
  const shown = value === undefined ? '…' : value.toLocaleString();
  return (
    <div className="stat">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd>{shown}</dd>
    </div>
  );
}

export function DashboardStats({ network }: { network: string }) {
  const waiting = useQuery(moderationQueries.count(network));
  const members = useQuery(countQuery(network, 'User/count'));
  const pending = useQuery(countQuery(network, 'User/count', { approved: 'false' }));
  const posts = useQuery(countQuery(network, 'BlogPost/count'));
  const photos = useQuery(countQuery(network, 'Photo/count'));
  return (
    <dl className="stats">
      <Stat label="Waiting for approval" value={waiting.data} to={paths.adminQueue(network)} />
      <Stat label="Members" value={members.data} to={paths.adminMembers(network)} />
      <Stat label="Members awaiting approval" value={pending.data} to={paths.adminMembers(network, { state: 'pending' })} />
      <Stat label="Blog posts" value={posts.data} />
      <Stat label="Photos" value={photos.data} />
    </dl>
  );
}

// The administrators' overview: how much waits in the queue, how big the network is, and
// charts of the last 30 days from GET Dashboard (their library is loaded only here, after
// the figures).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { apiGet } from '../../../lib/api-client';
import type { CountEnvelope } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { moderationQueries } from '../../moderation/api/moderation';
import { adminQueries } from '../api/admin-queries';

const DAYS = 30;

const DailyCharts = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.DailyCharts })));
const RankedChart = lazy(() => import('./dashboard-charts').then((module) => ({ default: module.RankedChart })));

const countQuery = (network: string, resource: string, query: Record<string, string> = {}) => ({
  queryKey: ['admin', 'count', network, resource, query] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await apiGet<CountEnvelope>(network, resource, query, signal)).count,
});

/**
 * The service counts blog posts from at most a week back and refuses an older date; the start
 * of the week is rounded up to the hour, so the query stays the same for an hour.
 */
function aWeekAgo(): string {
  const hour = 3_600_000;
  return new Date(Math.ceil(Date.now() / hour) * hour - 7 * 24 * hour).toISOString();
}

type StatProps = { label: string; value: number | undefined; failed?: boolean; retry?: () => void; to?: string };

function Stat({ label, value, failed, retry, to }: StatProps) {
  return (
    <div className="stat">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      {value !== undefined ? (
        <dd>{value.toLocaleString()}</dd>
      ) : failed ? (
        // In the words' own size, not the figure's, with the way to ask again.
        <dd className="stat-failed">
          Could not be counted.{' '}
          {retry ? (
            <button type="button" className="link-button" onClick={retry}>
              Try again
            </button>
          ) : null}
        </dd>
      ) : (
        <dd>…</dd>
      )}
    </div>
  );
}

export function DashboardStats({ network }: { network: string }) {
  const waiting = useQuery(moderationQueries.count(network));
  const members = useQuery(countQuery(network, 'User/count'));
  const pending = useQuery(countQuery(network, 'User/count', { approved: 'false' }));
  // The historical API counts posts created after a moment, which it requires.
  const posts = useQuery(countQuery(network, 'BlogPost/count', { createdAfter: aWeekAgo() }));
  const photos = useQuery(countQuery(network, 'Photo/count'));
  return (
    <dl className="stats">
      <Stat label="Waiting for approval" value={waiting.data} failed={waiting.isError} retry={() => void waiting.refetch()} to={paths.adminQueue(network)} />
      <Stat label="Members" value={members.data} failed={members.isError} retry={() => void members.refetch()} to={paths.adminMembers(network)} />
      <Stat label="Members awaiting approval" value={pending.data} failed={pending.isError} retry={() => void pending.refetch()} to={paths.adminMembers(network, { state: 'pending' })} />
      <Stat label="Blog posts this week" value={posts.data} failed={posts.isError} retry={() => void posts.refetch()} />
      <Stat label="Photos" value={photos.data} failed={photos.isError} retry={() => void photos.refetch()} />
    </dl>
  );
}

export function DashboardCharts({ network }: { network: string }) {
  const dashboard = useQuery(adminQueries.dashboard(network));
  const loading = <Skeleton label="Loading the charts…" rows={2} lines={4} />;
  return (
    <>
      <h2 className="section-heading">The last {DAYS} days</h2>
      {dashboard.isPending ? (
        loading
      ) : dashboard.isError ? (
        <ErrorMessage error={dashboard.error} title="The figures of the last days could not be loaded." retry={() => void dashboard.refetch()} />
      ) : (
        <Suspense fallback={loading}>
          <DailyCharts days={dashboard.data.days} />
          <div className="chart-grid dashboard-ranked">
            <RankedChart
              title="Most active members"
              rows={dashboard.data.activeMembers.map((member) => ({ label: member.fullName, count: member.count }))}
              unit="Posts, photos and comments"
              empty="Nobody posted in these days."
            />
            <RankedChart
              title="Most used tags"
              rows={dashboard.data.topTags.map((tag) => ({ label: tag.value, count: tag.count }))}
              unit="Uses"
              empty="No tags are used yet."
            />
          </div>
        </Suspense>
      )}
    </>
  );
}

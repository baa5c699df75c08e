// The administrators' place in the primary navigation; shown to administrators and the
// Network Creator only, with how many items wait in the moderation queue (asked for again
// every few seconds, and after every approval or rejection). The admin pages grow from here.
import { useQuery } from '@tanstack/react-query';
import { moderationQueries } from '../../features/moderation/api/moderation';
import type { Viewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { PrefetchNavLink } from '../../lib/prefetch';

export function AdminNav({ network, viewer }: { network: string; viewer: Viewer }) {
  if (!viewer.isAdmin) return null;
  return (
    <li>
      <PrefetchNavLink to={paths.admin(network)}>
        Admin <QueueCount network={network} />
      </PrefetchNavLink>
    </li>
  );
}

/** The number of items awaiting approval, as a badge; nothing while it is zero or unknown. */
export function QueueCount({ network }: { network: string }) {
  const count = useQuery(moderationQueries.count(network));
  if (!count.data) return null;
  return (
    <span className="queue-count">
      {count.data}
      <span className="visually-hidden"> awaiting approval</span>
    </span>
  );
}

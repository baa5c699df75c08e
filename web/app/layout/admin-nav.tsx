// The administrators' place in the primary navigation; shown to administrators and the
// Network Creator only. The admin pages grow from here.
import type { Viewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { PrefetchNavLink } from '../../lib/prefetch';

export function AdminNav({ network, viewer }: { network: string; viewer: Viewer }) {
  if (!viewer.isAdmin) return null;
  return (
    <li>
      <PrefetchNavLink to={paths.admin(network)}>Admin</PrefetchNavLink>
    </li>
  );
}

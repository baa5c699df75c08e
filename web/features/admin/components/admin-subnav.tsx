// The administrators' pages, one tab each; the Network Creator's own (settings, API keys)
// only for them.
import { NavLink } from 'react-router-dom';
import { QueueCount } from '../../../app/layout/admin-nav';
import { paths } from '../../../lib/paths';

export function AdminSubnav({ network, isOwner }: { network: string; isOwner: boolean }) {
  return (
    <nav className="tabs admin-tabs" aria-label="Administration">
      <NavLink to={paths.admin(network)} end>
        Dashboard
      </NavLink>
      <NavLink to={paths.adminQueue(network)}>
        Moderation queue <QueueCount network={network} />
      </NavLink>
      <NavLink to={paths.adminMembers(network)}>Members</NavLink>
      <NavLink to={paths.adminFeatured(network)}>Featured</NavLink>
      <NavLink to={paths.adminBroadcasts(network)}>Broadcasts</NavLink>
      <NavLink to={paths.adminAudit(network)}>Audit log</NavLink>
      {isOwner ? (
        <>
          <NavLink to={paths.adminSettings(network)}>Network settings</NavLink>
          <NavLink to={paths.adminKeys(network)}>API keys</NavLink>
        </>
      ) : null}
    </nav>
  );
}

// The administrators' pages, one tab each; the Network Creator's own (settings, API keys)
// only for them. The tabs stay on one line: where they do not fit (a phone) the strip scrolls
// sideways, and the open page's tab is brought into view, so it is never out of sight.
import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { QueueCount } from '../../../app/layout/admin-nav';
import { paths } from '../../../lib/paths';

export function AdminSubnav({ network, isOwner }: { network: string; isOwner: boolean }) {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    // The strip's own scroll only (scrollIntoView would move the page too): the tab whole, at
    // the start when it can be, with a little of the one before it showing that there are more.
    const start = active.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    if (start < nav.scrollLeft || start + active.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, start - 24);
    }
  }, [pathname, isOwner]);

  return (
    <nav ref={strip} className="tabs admin-tabs" aria-label="Administration">
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

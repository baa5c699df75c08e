// The frame of every page of a network: the header (the network's name, the sections, the
// account corner), the page itself, and a footer with the way in for programs. A network
// that does not exist gets a not-found page inside a plain frame.
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, ScrollRestoration } from 'react-router-dom';
import { isNotFound } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { networkQueries } from '../../features/network/api/network-queries';
import { AccountCorner } from '../../features/session/components/account-corner';
import { HeaderSearch } from '../../features/search/components/header-search';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import { FlashNoticeBanner } from './flash-notice';
import { MenuToggle, PrimaryNav, useMenu } from './primary-nav';

export function NetworkLayout() {
  const network = useNetwork();
  const details = useQuery(networkQueries.detail(network));
  const unknown = details.isError && isNotFound(details.error);
  const name = details.data?.name ?? network;
  const menu = useMenu();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="header-bar">
          <Link className="site-name" to={paths.home(network)}>
            {details.data?.iconUrl ? <img className="site-icon" src={details.data.iconUrl} alt="" width={28} height={28} /> : null}
            {details.isPending ? <SiteNamePlaceholder network={network} /> : <span>{name}</span>}
          </Link>
          {unknown ? null : (
            <>
              <HeaderSearch network={network} />
              <AccountCorner network={network} />
              <MenuToggle {...menu} />
            </>
          )}
        </div>
        {unknown ? null : <PrimaryNav network={network} open={menu.open} />}
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {unknown ? (
          <NotFound kind="network" />
        ) : (
          <>
            <FlashNoticeBanner network={network} />
            <Outlet />
          </>
        )}
      </main>
      <footer className="site-footer">
        <nav aria-label="For programs">
          <Link to={paths.apiReference(network)}>API</Link>
        </nav>
      </footer>
      <ScrollRestoration />
    </>
  );
}

/**
 * The name's place while the network's details load, a bar of a short name's size, so the header
 * keeps its shape; meanwhile the link is heard by the network's name in its address, as it is
 * shown when the details cannot be loaded.
 */
function SiteNamePlaceholder({ network }: { network: string }) {
  return (
    <>
      <span className="skeleton-line site-name-placeholder" aria-hidden="true" />
      <span className="visually-hidden">{network}</span>
    </>
  );
}

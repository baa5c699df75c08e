// The frame of every page of a network: its name, the account corner, the page itself, and
// a footer with the way in for programs.
import { Link, Outlet } from 'react-router-dom';
import { SessionNav } from '../../features/session/components/session-nav';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export function NetworkLayout() {
  const network = useNetwork();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link className="site-name" to={paths.home(network)}>
          {network}
        </Link>
        <nav aria-label="Account">
          <SessionNav network={network} />
        </nav>
      </header>
      <main id="main" className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <nav aria-label="For programs">
          <Link to={paths.apiReference(network)}>API</Link>
        </nav>
      </footer>
    </>
  );
}

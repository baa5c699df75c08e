// The network's sections. On a wide screen they sit in a row under the name; on a phone the
// "Menu" button in the header bar shows and hides them, so nothing scrolls sideways.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { PrefetchNavLink } from '../../lib/prefetch';
import { AdminNav } from './admin-nav';

const SECTIONS = [
  { label: 'Home', to: paths.home, end: true },
  { label: 'Blog', to: paths.blog },
  { label: 'Photos', to: paths.photos },
  { label: 'Members', to: paths.members },
  { label: 'Forum', to: paths.forum },
  { label: 'Videos', to: paths.videos },
  { label: 'Activity', to: paths.activity },
  { label: 'Search', to: (network: string) => paths.search(network) },
] as const;

const LIST_ID = 'primary-nav-list';

/** Whether the phone menu is open; it closes when a section is chosen. */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return { open, toggle: () => setOpen((was) => !was) };
}

export function MenuToggle({ open, toggle }: ReturnType<typeof useMenu>) {
  return (
    <button type="button" className="menu-toggle secondary" aria-expanded={open} aria-controls={LIST_ID} onClick={toggle}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">Menu</span>
    </button>
  );
}

export function PrimaryNav({ network, open }: { network: string; open: boolean }) {
  const viewer = useViewer(network);
  return (
    <nav className="primary-nav" aria-label="Main">
      <ul id={LIST_ID} className={open ? 'nav-list open' : 'nav-list'}>
        {SECTIONS.map(({ label, to, ...rest }) => (
          <li key={label}>
            <PrefetchNavLink to={to(network)} end={'end' in rest}>
              {label}
            </PrefetchNavLink>
          </li>
        ))}
        <AdminNav network={network} viewer={viewer} />
      </ul>
    </nav>
  );
}

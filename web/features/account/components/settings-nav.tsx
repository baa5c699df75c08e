// The member's settings pages, one tab each.
import { NavLink } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export function SettingsNav({ network }: { network: string }) {
  return (
    <nav className="tabs" aria-label="Settings">
      <NavLink to={paths.profileSettings(network)}>Profile</NavLink>
      <NavLink to={paths.accessTokens(network)}>Access tokens</NavLink>
    </nav>
  );
}

// Editing one's profile.
import { ProfileSettings } from '../../features/account/components/profile-form';
import { SettingsNav } from '../../features/account/components/settings-nav';
import { PageTitle } from '../../features/network/components/page-title';
import { SignedInOnly } from '../../features/session/components/signed-in-only';
import { useNetwork } from '../use-network';

export default function ProfileSettingsPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Profile settings" />
      <h1>Settings</h1>
      <SettingsNav network={network} />
      <SignedInOnly network={network}>
        <ProfileSettings network={network} />
      </SignedInOnly>
    </>
  );
}

// Managing one's personal access tokens.
import { AccessTokens } from '../../features/account/components/access-tokens';
import { SettingsNav } from '../../features/account/components/settings-nav';
import { PageTitle } from '../../features/network/components/page-title';
import { SignedInOnly } from '../../features/session/components/signed-in-only';
import { useNetwork } from '../use-network';

export default function AccessTokensPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Access tokens" />
      <h1>Settings</h1>
      <SettingsNav network={network} />
      <SignedInOnly network={network}>
        <p className="lede">Tokens let your own scripts use this network’s API as you, without your password.</p>
        <AccessTokens network={network} />
      </SignedInOnly>
    </>
  );
}

// The Network Creator's settings of the network.
import { Link } from 'react-router-dom';
import { NetworkSettings } from '../../features/admin/components/network-settings';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function AdminSettingsPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  return (
    <>
      <PageTitle title="Network settings" />
      <h1>Network settings</h1>
      {viewer.isOwner ? (
        <NetworkSettings network={network} />
      ) : (
        <p className="notice">
          Only the Network Creator changes the network’s settings. <Link to={paths.admin(network)}>Back to the dashboard</Link>
        </p>
      )}
    </>
  );
}

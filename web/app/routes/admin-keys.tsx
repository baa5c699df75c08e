// The Network Creator's OAuth consumer keys for applications.
import { Link } from 'react-router-dom';
import { ConsumerKeys } from '../../features/admin/components/consumer-keys';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function AdminKeysPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  return (
    <>
      <PageTitle title="API keys" />
      <h1>API keys</h1>
      {viewer.isOwner ? (
        <>
          <p className="lede">
            Applications sign their requests with a key and its secret, and act for the members who sign in through them.{' '}
            <Link to={paths.apiReference(network)}>How programs use the API</Link>
          </p>
          <ConsumerKeys network={network} />
        </>
      ) : (
        <p className="notice">
          Only the Network Creator manages API keys. <Link to={paths.admin(network)}>Back to the dashboard</Link>
        </p>
      )}
    </>
  );
}

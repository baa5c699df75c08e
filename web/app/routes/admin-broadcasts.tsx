// Writing to every member, and what was sent.
import { Broadcasts } from '../../features/admin/components/broadcasts';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function AdminBroadcastsPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Broadcasts" />
      <h1>Broadcasts</h1>
      <Broadcasts network={network} />
    </>
  );
}

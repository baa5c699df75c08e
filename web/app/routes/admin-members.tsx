// Managing the network's members.
import { MemberAdmin } from '../../features/admin/components/member-admin';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { useNetwork } from '../use-network';

export default function AdminMembersPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  return (
    <>
      <PageTitle title="Manage members" />
      <h1>Members</h1>
      <MemberAdmin network={network} viewer={viewer} />
    </>
  );
}

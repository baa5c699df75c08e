// The administrators' pages share this frame: their own navigation (with the queue's count)
// and a gate. A visitor is sent to sign in; a member who is not an administrator is told the
// pages are not for them (the service refuses them the data anyway).
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Skeleton } from '../../components/skeleton';
import { AdminSubnav } from '../../features/admin/components/admin-subnav';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import '../../features/admin/admin.css';

export default function AdminLayout() {
  const network = useNetwork();
  const viewer = useViewer(network);
  const location = useLocation();

  if (!viewer.known) return <Skeleton label="Loading…" lines={4} />;
  if (!viewer.member) return <Navigate to={paths.signIn(network, location.pathname + location.search)} replace />;
  if (!viewer.isAdmin) {
    return (
      <>
        <PageTitle title="Administration" />
        <h1>Administration</h1>
        <p className="notice">
          These pages are for the network’s administrators. <Link to={paths.home(network)}>Back to the front page</Link>
        </p>
      </>
    );
  }
  return (
    <div className="admin-area">
      <AdminSubnav network={network} isOwner={viewer.isOwner} />
      <Outlet />
    </div>
  );
}

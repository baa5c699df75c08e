// The administrators' dashboard.
import { DashboardCharts, DashboardStats } from '../../features/admin/components/dashboard';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function AdminDashboardPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Dashboard" />
      <h1>Dashboard</h1>
      <DashboardStats network={network} />
      <DashboardCharts network={network} />
    </>
  );
}

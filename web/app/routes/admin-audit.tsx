// The audit log of administrative acts.
import { AuditLog } from '../../features/admin/components/audit-log';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function AdminAuditPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Audit log" />
      <h1>Audit log</h1>
      <p className="lede">Every administrative act, newest first: who did what, when, and from which address.</p>
      <AuditLog network={network} />
    </>
  );
}

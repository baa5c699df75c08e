// The REST service's reference for programs that talk to this network.
import { ApiReference } from '../../features/api-reference/components/api-reference';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function ApiReferencePage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="API reference" />
      <h1>API reference</h1>
      <ApiReference network={network} />
    </>
  );
}

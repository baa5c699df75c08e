// The REST service's reference for programs that talk to this network.
import { ApiReference } from '../../features/api-reference/components/api-reference';
import { useNetwork } from '../use-network';

export function ApiReferencePage() {
  const network = useNetwork();
  return (
    <>
      <title>{`API reference · ${network}`}</title>
      <h1>API reference</h1>
      <ApiReference network={network} />
    </>
  );
}

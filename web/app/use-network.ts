import { useParams } from 'react-router-dom';

/** The network every page under `/n/:network` belongs to. */
export function useNetwork(): string {
  const { network } = useParams();
  if (!network) throw new Error('useNetwork is only for routes under /n/:network');
  return network;
}

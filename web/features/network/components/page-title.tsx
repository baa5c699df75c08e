// The document's title for a page of a network: what the page is, then the network's name.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { networkQueries } from '../api/network-queries';

export function PageTitle({ title }: { title: string }) {
  const { network = '' } = useParams();
  const name = useQuery({ ...networkQueries.detail(network), enabled: !!network }).data?.name ?? network;
  return <title>{title ? `${title} · ${name}` : name}</title>;
}

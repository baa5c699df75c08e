// A section whose pages are not built yet: its address already works and says so.
import { useMatches } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../features/network/components/page-title';

export default function ComingSoonPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Coming soon';
  return (
    <>
      <PageTitle title={title} />
      <h1>{title}</h1>
      <EmptyState title="This part of the network is on its way.">Come back soon.</EmptyState>
    </>
  );
}

// What administrators featured: posts, photos, members, forum topics and videos, one tab each,
// in the order they were featured (most recent first).
import { Link, useSearchParams } from 'react-router-dom';
import { FeaturedList } from '../../features/featured/components/featured-list';
import { FEATURED_TABS, featuredTabOf } from '../../features/featured/featured-tabs';
import { PageTitle } from '../../features/network/components/page-title';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function FeaturedPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const current = featuredTabOf(search);
  return (
    <>
      <PageTitle title={`Featured ${current.label.toLowerCase()}`} />
      <h1>Featured</h1>
      <nav className="tabs" aria-label="Featured">
        {FEATURED_TABS.map(({ kind, label }) => (
          <Link key={kind} to={paths.featured(network, kind)} aria-current={kind === current.kind ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <FeaturedList network={network} search={search} />
    </>
  );
}

// Search: posts, forum topics, photos and members matching the words of `?q=`, one kind per
// tab (`?type=`), best matches first, paged by the service's anchors.
import { Link, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { hasWords, searchFromUrl, searchKinds, type SearchKind } from '../../features/search/api/search-queries';
import { SearchResults } from '../../features/search/components/search-results';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import '../../features/search/search.css';

export default function SearchPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const { q, type, anchor } = searchFromUrl(search);
  const at = (kind: SearchKind, page?: string) => {
    const params = new URLSearchParams({ q, type: kind });
    if (page) params.set('anchor', page);
    return `${paths.search(network)}?${params}`;
  };
  const heading = q ? `Search results for “${q}”` : 'Search';

  return (
    <>
      <PageTitle title={heading} />
      <h1 className="search-heading">{heading}</h1>
      {!hasWords(q) ? (
        <EmptyState title={q ? 'Type a word to search for.' : 'What are you looking for?'}>
          Use the search box at the top to find posts, forum topics, photos and members.
        </EmptyState>
      ) : (
        <>
          <nav className="tabs" aria-label="What to search">
            {searchKinds.map(({ kind, label }) => (
              <Link key={kind} to={at(kind)} aria-current={kind === type ? 'page' : undefined}>
                {label}
              </Link>
            ))}
          </nav>
          <SearchResults network={network} q={q} type={type} anchor={anchor} nextPage={(next) => at(type, next)} firstPage={at(type)} />
        </>
      )}
    </>
  );
}

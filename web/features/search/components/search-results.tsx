// One page of search results of one kind: each with its title leading to the item, an excerpt,
// who wrote it (or who it is) and when; more pages through the service's anchors.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { appPath } from '../../../lib/paths';
import { searchKinds, searchQueries, type SearchKind } from '../api/search-queries';

type Props = {
  network: string;
  q: string;
  type: SearchKind;
  anchor?: string;
  /** The URL of the next page of these results. */
  nextPage: (anchor: string) => string;
  firstPage: string;
};

export function SearchResults({ network, q, type, anchor, nextPage, firstPage }: Props) {
  const results = useQuery(searchQueries.results(network, { q, type, anchor }));
  const noun = searchKinds.find((k) => k.kind === type)!.noun;

  if (results.isPending) return <Skeleton label="Searching…" rows={4} lines={2} />;
  if (results.isError) {
    return (
      <ErrorMessage
        error={results.error}
        title="The search could not be done."
        words={{ '4-2': 'Type a word to search for.', '4-7': 'This page of results has expired: start the search again.' }}
        retry={() => void results.refetch()}
      />
    );
  }
  const { entry, resources, lastPage } = results.data;
  if (entry.length === 0) {
    return (
      <EmptyState title={anchor ? 'No more results.' : `No ${noun} match “${q}”.`}>
        {anchor ? <Link to={firstPage}>Back to the first results</Link> : 'Try other or fewer words, or the start of a word.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ol className="search-results">
        {entry.map((hit) => (
          <li key={hit.id} className="search-result">
            <h2 className="search-result-title">
              <Link to={appPath(hit.url)}>{hit.title || 'Untitled'}</Link>
            </h2>
            {hit.excerpt ? <p className="search-excerpt">{hit.excerpt}</p> : null}
            <p className="meta">
              {type === 'User' ? (
                <span>Member since <RelativeTime iso={hit.createdDate} /></span>
              ) : (
                <>
                  <MemberByline author={hit.author} resources={resources} /> <RelativeTime iso={hit.createdDate} />
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
      <nav className="pager" aria-label="Pages of results">
        {anchor ? <Link to={firstPage}>First results</Link> : null}
        {!lastPage ? <Link to={nextPage(results.data.anchor)}>More results</Link> : null}
      </nav>
    </>
  );
}

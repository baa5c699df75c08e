// One window of a blog post listing, newest first, with links to the neighbouring windows.
// The previous window stays on screen (dimmed) while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../session/api/viewer';
import { blogPostQueries } from '../api/blog-post-queries';
import { listFiltersFromSearch, neighbours } from '../paging';
import { BlogPostSummaryCard } from './blog-post-summary';

type Props = {
  network: string;
  /** The URL's search: filters (`tag`, `author`) and window (`anchor`, `direction`). */
  search: URLSearchParams;
  /** Offer the neighbouring windows; a front-page section shows the first one only. */
  paged: boolean;
};

export function BlogPostList({ network, search, paged }: Props) {
  const viewer = useViewer(network);
  const listing = useQuery({ ...blogPostQueries.list(listFiltersFromSearch(network, search)), placeholderData: keepPreviousData });

  if (listing.isPending) return <Skeleton label="Loading posts…" rows={4} lines={3} />;
  if (listing.isError) {
    return <ErrorMessage error={listing.error} title="Posts could not be loaded." retry={() => void listing.refetch()} />;
  }

  const { entry: posts, resources } = listing.data;
  const pages = paged ? neighbours(search, listing.data) : {};
  const filtered = search.has('tag') || search.has('author');

  return (
    <div aria-busy={listing.isPlaceholderData}>
      {posts.length === 0 ? (
        <EmptyState
          title={filtered ? 'No posts match.' : 'No blog posts yet.'}
          action={
            viewer.canWrite ? (
              <Link className="button-link" to={paths.write(network)}>
                {filtered ? 'Write a post' : 'Write the first post'}
              </Link>
            ) : null
          }
        >
          {filtered ? 'Nothing you can see has been posted with this filter.' : 'Posts the members write will appear here.'}
        </EmptyState>
      ) : (
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogPostSummaryCard network={network} post={post} resources={resources} />
            </li>
          ))}
        </ol>
      )}
      {pages.newer || pages.older ? (
        <nav className="pager" aria-label="Pages">
          {pages.newer ? <Link to={pages.newer}>← Newer posts</Link> : <span />}
          {pages.older ? <Link to={pages.older}>Older posts →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

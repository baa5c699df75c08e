// The network's front page: its recent blog posts, or those with one tag; paging in the URL.
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { windowFromSearch } from '../../features/blog-posts/paging';
import { BlogPostList } from '../../features/blog-posts/components/blog-post-list';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export function HomePage() {
  const network = useNetwork();
  const { tag } = useParams();
  const [search] = useSearchParams();
  const heading = tag ? `Posts tagged “${tag}”` : 'Recent blog posts';

  return (
    <>
      <title>{`${heading} · ${network}`}</title>
      <h1>{heading}</h1>
      {tag ? (
        <p>
          <Link to={paths.home(network)}>All posts</Link>
        </p>
      ) : null}
      <BlogPostList network={network} tag={tag} window={windowFromSearch(search)} />
    </>
  );
}

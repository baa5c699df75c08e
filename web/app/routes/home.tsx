// The network's front page.
import { Link } from 'react-router-dom';
import { BlogPostList } from '../../features/blog-posts/components/blog-post-list';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function HomePage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="" />
      <section aria-labelledby="recent-posts">
        <div className="section-heading">
          <h1 id="recent-posts">Recent blog posts</h1>
          <Link to={paths.blog(network)}>All posts</Link>
        </div>
        <BlogPostList network={network} search={new URLSearchParams()} paged={false} />
      </section>
    </>
  );
}

// The posts administrators featured, most recently featured first, as cards.
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { MemberByline } from '../../../components/member-byline';
import { frontPageQueries } from '../api/front-page-queries';
import { FrontSection } from './front-section';

export function FeaturedPosts({ network }: { network: string }) {
  const featured = useQuery(frontPageQueries.featuredPosts(network));
  return (
    <FrontSection
      title="Featured posts"
      more={{ to: paths.featured(network), label: 'All featured' }}
      query={featured}
      isEmpty={(data) => data.entry.length === 0}
    >
      {({ entry, resources }) => (
        <ul className="featured-posts">
          {entry.map((post) => (
            <li key={post.id} className="featured-post">
              <PrefetchLink className="featured-post-title" to={paths.blogPost(network, post.id)}>
                {post.title}
              </PrefetchLink>
              <MemberByline author={post.author} resources={resources} />
            </li>
          ))}
        </ul>
      )}
    </FrontSection>
  );
}

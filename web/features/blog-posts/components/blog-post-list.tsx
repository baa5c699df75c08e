// One window of the network's recent blog posts, newest first, with links to the
// neighbouring windows. The previous window stays on screen while the next one loads.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DateTime } from '../../../components/date-time';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { paths } from '../../../lib/paths';
import { blogPostQueries } from '../api/blog-post-queries';
import { countFor, neighbours, type PageWindow } from '../paging';
import { CommentCount } from './comment-count';
import { TagList } from './tag-list';

type Props = { network: string; tag?: string; window: PageWindow };

export function BlogPostList({ network, tag, window }: Props) {
  const queryClient = useQueryClient();
  const listing = useQuery({
    ...blogPostQueries.list({ network, tag, anchor: window.anchor, count: countFor(window) }),
    placeholderData: keepPreviousData,
  });

  if (listing.isPending) return <p role="status">Loading posts…</p>;
  if (listing.isError) return <ErrorMessage error={listing.error} title="Posts could not be loaded." />;

  const { entry: posts, resources } = listing.data;
  const pages = neighbours(window, listing.data);
  const prefetch = (id: string) => void queryClient.prefetchQuery(blogPostQueries.detail(network, id));

  return (
    <div aria-busy={listing.isPlaceholderData}>
      {posts.length === 0 ? (
        <p>No blog posts here yet.</p>
      ) : (
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="post-summary" aria-labelledby={`post-${post.id}`}>
                <h2 id={`post-${post.id}`}>
                  <Link
                    to={paths.blogPost(network, post.id)}
                    onMouseEnter={() => prefetch(post.id)}
                    onFocus={() => prefetch(post.id)}
                  >
                    {post.title}
                  </Link>
                </h2>
                <p className="meta">
                  <MemberByline author={post.author} resources={resources} />
                  <DateTime iso={post.createdDate} />
                  <CommentCount count={post.commentCount} />
                </p>
                <TagList network={network} tags={post.topTags ?? []} />
              </article>
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

// "My posts": the writer's drafts, scheduled and published posts, one tab each, newest first,
// paged with the service's anchors in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { exactText, RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { CommentCount } from '../../blog-posts/components/comment-count';
import { countFor, neighbours, windowFromSearch } from '../../blog-posts/paging';
import { writingQueries, type MyPostSummary } from '../api/writing-queries';
import { TABS, tabOf } from '../my-posts-tabs';

type Props = { network: string; author: string; search: URLSearchParams };

export function MyPosts({ network, author, search }: Props) {
  const current = tabOf(search);
  const window = windowFromSearch(search);
  const listing = useQuery({
    ...writingQueries.myPosts(network, author, current.status, window.anchor, countFor(window)),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <nav className="tabs" aria-label="My posts">
        {TABS.map(({ tab, label }) => (
          <Link key={tab} to={paths.myPosts(network, tab)} aria-current={tab === current.tab ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {listing.isPending ? (
        <Skeleton label="Loading your posts…" rows={3} lines={2} />
      ) : listing.isError ? (
        <ErrorMessage error={listing.error} title="Your posts could not be loaded." retry={() => void listing.refetch()} />
      ) : listing.data.entry.length === 0 ? (
        <EmptyState
          title={current.empty}
          action={
            <Link className="button-link" to={paths.write(network)}>
              Write a post
            </Link>
          }
        />
      ) : (
        <div aria-busy={listing.isPlaceholderData}>
          <ul className="my-posts">
            {listing.data.entry.map((post) => (
              <MyPostRow key={post.id} network={network} post={post} />
            ))}
          </ul>
          <Pager search={search} listing={listing.data} />
        </div>
      )}
    </>
  );
}

function MyPostRow({ network, post }: { network: string; post: MyPostSummary }) {
  return (
    <li className="my-post">
      <div className="my-post-main">
        <PrefetchLink className="my-post-title" to={paths.blogPost(network, post.id)}>
          {post.title}
        </PrefetchLink>
        <p className="meta">
          {post.publishStatus === 'draft' ? (
            <span>
              Edited <RelativeTime iso={post.updatedDate} />
            </span>
          ) : post.publishStatus === 'queued' ? (
            <span>Goes out {exactText(post.publishTime)}</span>
          ) : (
            <>
              <span>
                Published <RelativeTime iso={post.publishTime} />
              </span>
              <CommentCount count={post.commentCount} />
            </>
          )}
        </p>
      </div>
      <Link to={paths.editBlogPost(network, post.id)} aria-label={`Edit “${post.title}”`}>
        Edit
      </Link>
    </li>
  );
}

function Pager({ search, listing }: { search: URLSearchParams; listing: Parameters<typeof neighbours>[1] }) {
  const pages = neighbours(search, listing);
  if (!pages.newer && !pages.older) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {pages.newer ? <Link to={pages.newer}>← Newer</Link> : <span />}
      {pages.older ? <Link to={pages.older}>Older →</Link> : null}
    </nav>
  );
}

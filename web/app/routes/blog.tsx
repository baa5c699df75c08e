// The blog: every post the reader may see, newest first, filtered by tag or author through
// the URL (`?tag=`, `?author=`) and paged with the service's anchors.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { blogPostQueries } from '../../features/blog-posts/api/blog-post-queries';
import { BlogPostList } from '../../features/blog-posts/components/blog-post-list';
import { listFiltersFromSearch } from '../../features/blog-posts/paging';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';
import { FeedLink } from '../../features/feeds/feed-link';

import { LiveAnnouncement, useLivePosts } from '../../features/live/use-live-updates';

function headingFor(tag: string | null, authorName: string | null): string {
  if (tag && authorName) return `Posts tagged “${tag}” by ${authorName}`;
  if (tag) return `Posts tagged “${tag}”`;
  if (authorName) return `Posts by ${authorName}`;
  return 'Blog';
}

export default function BlogPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const tag = search.get('tag');
  const author = search.get('author');
  // The author's name comes with the listing, in `resources`.
  const listing = useQuery(blogPostQueries.list(listFiltersFromSearch(network, search)));
  const authorName = author ? (listing.data?.resources[author]?.fullName ?? author) : null;
  const heading = headingFor(tag, authorName);
  const newPost = useLivePosts(network);

  return (
    <>
      <PageTitle title={heading} />
      <FeedLink network={network} title={heading} tag={tag ?? undefined} author={author ?? undefined} />
      <h1>{heading}</h1>
      {tag || author ? (
        <p>
          <Link to={paths.blog(network)}>All posts</Link>
        </p>
      ) : null}
      <BlogPostList network={network} search={search} paged />
      <LiveAnnouncement text={newPost} />
    </>
  );
}

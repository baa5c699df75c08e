// One blog post in full. Its description is HTML the service has already sanitised.
import { useQuery } from '@tanstack/react-query';
import { DateTime } from '../../../components/date-time';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { ApiError } from '../../../lib/api-client';
import { blogPostQueries } from '../api/blog-post-queries';
import { CommentCount } from './comment-count';
import { TagList } from './tag-list';

export function BlogPostArticle({ network, id }: { network: string; id: string }) {
  const post = useQuery(blogPostQueries.detail(network, id));

  if (post.isPending) return <p role="status">Loading post…</p>;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) {
      return (
        <>
          <title>Post not found</title>
          <h1>Post not found</h1>
          <p>This post does not exist, or you are not allowed to see it.</p>
        </>
      );
    }
    return <ErrorMessage error={post.error} title="The post could not be loaded." />;
  }

  const { entry, resources } = post.data;
  return (
    <article className="post" aria-labelledby="post-title">
      <title>{entry.title}</title>
      <header>
        <h1 id="post-title">{entry.title}</h1>
        <p className="meta">
          <MemberByline author={entry.author} resources={resources} />
          <DateTime iso={entry.createdDate} />
          <CommentCount count={entry.commentCount} />
        </p>
        <TagList network={network} tags={entry.topTags ?? []} />
      </header>
      <div className="post-body" dangerouslySetInnerHTML={{ __html: entry.description }} />
    </article>
  );
}

// One blog post in full, with what follows it (its comments) once it has loaded. Its
// description is HTML the service has already sanitised.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage, isNotFound } from '../../../components/error-message';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { PageTitle } from '../../network/components/page-title';
import { blogPostQueries } from '../api/blog-post-queries';
import { PostMeta } from './post-meta';
import { TagList } from './tag-list';

export function BlogPostArticle({ network, id, children }: { network: string; id: string; children?: ReactNode }) {
  const post = useQuery(blogPostQueries.detail(network, id));

  if (post.isPending) return <Skeleton label="Loading post…" lines={8} />;
  if (post.isError) {
    if (isNotFound(post.error)) return <NotFound kind="post" />;
    return <ErrorMessage error={post.error} title="The post could not be loaded." retry={() => void post.refetch()} />;
  }

  const { entry, resources } = post.data;
  return (
    <>
      <article className="post" aria-labelledby="post-title">
        <PageTitle title={entry.title} />
        <div className="post-header">
          <h1 id="post-title">{entry.title}</h1>
          <PostMeta post={entry} resources={resources} />
          <TagList network={network} tags={entry.topTags} />
        </div>
        <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} />
      </article>
      {children}
    </>
  );
}

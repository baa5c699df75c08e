// One blog post in full: title, byline, tags, a note when it is not out for everyone yet, its
// text (HTML the service has already sanitised) and its author card; then what follows it
// (its comments), once it has loaded.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage, leadsNowhere } from '../../../components/error-message';
import { NotFound } from '../../../components/not-found';
import { exactText } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import type { BlogPost } from '../../../lib/api-types';
import { PageTitle } from '../../network/components/page-title';
import { blogPostQueries } from '../api/blog-post-queries';
import { AuthorCard } from './author-card';
import { PostMeta } from './post-meta';
import { TagList } from './tag-list';

type Props = {
  network: string;
  id: string;
  /** Controls for the post (its author's Edit and Delete, …), given the loaded post. */
  actions?: (post: BlogPost) => ReactNode;
  children?: (post: BlogPost) => ReactNode;
};

const AUDIENCE = { all: null, members: 'Members of this network', friends: 'The author’s friends', me: 'Only its author' };

export function BlogPostArticle({ network, id, actions, children }: Props) {
  const post = useQuery(blogPostQueries.detail(network, id));

  if (post.isPending) return <Skeleton label="Loading post…" lines={8} heading />;
  if (post.isError) {
    if (leadsNowhere(post.error)) return <NotFound kind="post" />;
    return <ErrorMessage error={post.error} title="The post could not be loaded." retry={() => void post.refetch()} />;
  }

  const { entry, resources } = post.data;
  const audience = AUDIENCE[entry.visibility];
  return (
    <>
      <article className="post" aria-labelledby="post-title">
        <PageTitle title={entry.title} />
        <div className="post-header">
          <h1 id="post-title">{entry.title}</h1>
          <PostMeta post={entry} resources={resources} />
          <TagList network={network} tags={entry.topTags} />
          {entry.publishStatus === 'draft' ? (
            <p className="notice">Draft: only you can see it until you publish it.</p>
          ) : entry.publishStatus === 'queued' ? (
            <p className="notice">Scheduled: it goes out {exactText(entry.publishTime)}. Until then only you can see it.</p>
          ) : null}
          {audience ? <p className="muted">Visible to: {audience}</p> : null}
          {actions ? <div className="post-actions">{actions(entry)}</div> : null}
        </div>
        <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} />
        <AuthorCard network={network} screenName={entry.author} />
      </article>
      {children?.(entry)}
    </>
  );
}

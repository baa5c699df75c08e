// A window of forum topics, newest first: title, who started it, when, how many replies, its
// category, and whether it is closed; paged with anchors in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AnchorPager } from '../../../components/anchor-pager';
import { ContentRow } from '../../../components/content-row';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import type { Resources } from '../../../lib/api-types';
import { appPath, paths } from '../../../lib/paths';
import { useViewer } from '../../session/api/viewer';
import { topicsQueryFor } from '../forum-search';
import '../forum.css';

type Props = { network: string; categoryId?: string; search: URLSearchParams };

export function TopicList({ network, categoryId, search }: Props) {
  const viewer = useViewer(network);
  const listing = useQuery({ ...topicsQueryFor(network, categoryId, search), placeholderData: keepPreviousData });

  if (listing.isPending) return <Skeleton label="Loading topics…" rows={4} lines={2} />;
  if (listing.isError) return <ErrorMessage error={listing.error} title="The topics could not be loaded." retry={() => void listing.refetch()} />;
  const { entry, resources } = listing.data;
  if (entry.length === 0) {
    return (
      <EmptyState
        title={categoryId ? 'No topics in this category yet.' : 'No topics yet.'}
        action={
          viewer.canWrite ? (
            <Link className="button-link" to={paths.newTopic(network, categoryId)}>
              Start the first topic
            </Link>
          ) : null
        }
      >
        Ask a question or start a conversation; members reply below it.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={listing.isPlaceholderData}>
      <ol className="content-rows" aria-label="Topics">
        {entry.map((topic) => {
          const category = !categoryId && topic.categoryId ? resources[topic.categoryId] : undefined;
          return (
            <ContentRow
              key={topic.id}
              title={topic.title}
              url={topic.url}
              author={topic.author}
              resources={resources as Resources}
              createdDate={topic.createdDate}
              count={{ value: topic.commentCount, one: 'reply', many: 'replies' }}
              extra={
                <>
                  {category?.title && category.url ? <Link to={appPath(category.url)}>{category.title}</Link> : null}
                  {topic.isClosed ? <span className="badge badge-muted">Closed</span> : null}
                </>
              }
            />
          );
        })}
      </ol>
      <AnchorPager search={search} listing={listing.data} newer="← Newer topics" older="Older topics →" />
    </div>
  );
}

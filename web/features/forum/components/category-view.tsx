// A forum category: its name and purpose, and its topics, newest first.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorMessage, isNotFound } from '../../../components/error-message';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { PageTitle } from '../../network/components/page-title';
import { useViewer } from '../../session/api/viewer';
import { forumQueries } from '../api/forum-queries';
import { TopicList } from './topic-list';
import '../forum.css';
import '../../../components/lists.css';

export function CategoryView({ network, id, search }: { network: string; id: string; search: URLSearchParams }) {
  const viewer = useViewer(network);
  const category = useQuery(forumQueries.category(network, id));
  if (category.isPending) return <Skeleton label="Loading category…" rows={3} lines={2} />;
  if (category.isError) {
    if (isNotFound(category.error)) return <NotFound kind="category" />;
    return <ErrorMessage error={category.error} title="The category could not be loaded." retry={() => void category.refetch()} />;
  }
  const { title, description } = category.data.entry;
  return (
    <>
      <PageTitle title={title} />
      <p className="breadcrumbs">
        <Link to={paths.forum(network)}>Forum</Link>
      </p>
      <div className="page-heading">
        <h1>{title}</h1>
        {viewer.canWrite ? (
          <Link className="button-link" to={paths.newTopic(network, id)}>
            Start a topic
          </Link>
        ) : null}
      </div>
      {description ? <p className="lede">{description}</p> : null}
      <TopicList network={network} categoryId={id} search={search} />
    </>
  );
}

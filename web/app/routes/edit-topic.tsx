// Changing one's own forum topic (or any, for an administrator).
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ErrorMessage, leadsNowhere } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { Skeleton } from '../../components/skeleton';
import { forumQueries } from '../../features/forum/api/forum-queries';
import { TopicForm } from '../../features/forum/components/topic-form';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { useNetwork } from '../use-network';

export default function EditTopicPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const viewer = useViewer(network);
  const topic = useQuery(forumQueries.topic(network, id));
  return (
    <>
      <PageTitle title="Edit topic" />
      <h1>Edit topic</h1>
      <WritersOnly network={network} what="change topics">
        {(author) => {
          if (topic.isPending) return <Skeleton label="Loading the topic…" lines={6} />;
          if (topic.isError) {
            return leadsNowhere(topic.error) ? <NotFound kind="topic" /> : <ErrorMessage error={topic.error} title="The topic could not be loaded." retry={() => void topic.refetch()} />;
          }
          if (topic.data.entry.author !== author && !viewer.isAdmin) return <p className="notice">Only its author can edit this topic.</p>;
          return <TopicForm network={network} topic={topic.data.entry} />;
        }}
      </WritersOnly>
    </>
  );
}

// Starting a forum topic, in the category `?category=` names if any.
import { useSearchParams } from 'react-router-dom';
import { TopicForm } from '../../features/forum/components/topic-form';
import { PageTitle } from '../../features/network/components/page-title';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { useNetwork } from '../use-network';

export default function NewTopicPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="Start a topic" />
      <h1>Start a topic</h1>
      <WritersOnly network={network} what="start topics">
        {() => <TopicForm network={network} categoryId={search.get('category') ?? undefined} />}
      </WritersOnly>
    </>
  );
}

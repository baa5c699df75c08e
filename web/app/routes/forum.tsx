// The forum: its categories, and the latest topics of all of them, paged.
import { Link, useSearchParams } from 'react-router-dom';
import { CategoryList } from '../../features/forum/components/category-list';
import { TopicList } from '../../features/forum/components/topic-list';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import '../../components/lists.css';

export default function ForumPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="Forum" />
      <div className="page-heading">
        <h1>Forum</h1>
        {viewer.canWrite ? (
          <Link className="button-link" to={paths.newTopic(network)}>
            Start a topic
          </Link>
        ) : null}
      </div>
      <CategoryList network={network} />
      <section aria-labelledby="latest-topics">
        <h2 id="latest-topics">Latest topics</h2>
        <TopicList network={network} search={search} />
      </section>
    </>
  );
}

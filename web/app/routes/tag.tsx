// One tag: everything carrying it that the reader may see — posts, photos, forum topics, videos.
import { Link, useParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { TaggedItems } from '../../features/tags/components/tagged-items';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import { FeedLink } from '../../features/feeds/feed-link';
import '../../components/lists.css';

export default function TagPage() {
  const network = useNetwork();
  const { tag = '' } = useParams();
  return (
    <>
      <PageTitle title={`Tagged “${tag}”`} />
      <FeedLink network={network} title={`Posts tagged “${tag}”`} tag={tag} />
      <p className="breadcrumbs">
        <Link to={paths.tags(network)}>All tags</Link>
      </p>
      <h1>Tagged “{tag}”</h1>
      <TaggedItems network={network} tag={tag} />
    </>
  );
}

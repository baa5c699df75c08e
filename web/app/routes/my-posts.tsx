// The writer's own posts: drafts, scheduled and published.
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { MyPosts } from '../../features/writing/components/my-posts';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { useNetwork } from '../use-network';

export default function MyPostsPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="My posts" />
      <h1>My posts</h1>
      <WritersOnly network={network}>{(author) => <MyPosts network={network} author={author} search={search} />}</WritersOnly>
    </>
  );
}

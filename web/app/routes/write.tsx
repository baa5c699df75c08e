// Writing a new post.
import { Composer } from '../../features/writing/components/composer';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function WritePage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Write a post" />
      <h1>Write a post</h1>
      <WritersOnly network={network}>{(author) => <Composer network={network} author={author} />}</WritersOnly>
    </>
  );
}

// Sharing a video by its address.
import { PageTitle } from '../../features/network/components/page-title';
import { AddVideoForm } from '../../features/videos/components/add-video-form';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { useNetwork } from '../use-network';

export default function AddVideoPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Add a video" />
      <h1>Add a video</h1>
      <WritersOnly network={network} what="add videos">
        {() => <AddVideoForm network={network} />}
      </WritersOnly>
    </>
  );
}

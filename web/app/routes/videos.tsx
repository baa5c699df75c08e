// The videos members shared, newest first, paged.
import { Link, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { VideoList } from '../../features/videos/components/video-list';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import '../../components/lists.css';

export default function VideosPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="Videos" />
      <div className="page-heading">
        <h1>Videos</h1>
        {viewer.canWrite ? (
          <Link className="button-link" to={paths.addVideo(network)}>
            Add a video
          </Link>
        ) : null}
      </div>
      <VideoList network={network} search={search} />
    </>
  );
}

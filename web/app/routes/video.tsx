// Watching one video, with its comments.
import { useParams } from 'react-router-dom';
import { VideoView } from '../../features/videos/components/video-view';
import { useNetwork } from '../use-network';

export default function VideoPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  return <VideoView network={network} id={id} />;
}

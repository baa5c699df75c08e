// Watching one video, with its comments. Whoever added it may edit its details or delete it;
// members who may write can comment, as on a blog post or a photo.
import { useParams } from 'react-router-dom';
import { DeleteItemButton } from '../../components/delete-item-button';
import { changeVideoOptions, deleteVideoOptions } from '../../features/videos/api/video-mutations';
import type { Video } from '../../features/videos/api/video-queries';
import { VideoView } from '../../features/videos/components/video-view';
import { videoTitle } from '../../features/videos/video-host';
import { EditDetailsButton } from '../../features/writing/components/edit-details-button';
import { paths } from '../../lib/paths';
import { ItemActions, ItemComments } from '../item-page';
import { useNetwork } from '../use-network';

export default function VideoPage() {
  const network = useNetwork();
  const { id = '' } = useParams();

  return (
    <VideoView
      network={network}
      id={id}
      actions={(video) => (
        <ItemActions
          network={network}
          item={video}
          noun="video"
          listPath={paths.videos(network)}
          ownActions={<OwnerActions network={network} video={video} />}
        />
      )}
    >
      {(video) => <ItemComments network={network} item={video} />}
    </VideoView>
  );
}

function OwnerActions({ network, video }: { network: string; video: Video }) {
  return (
    <>
      <EditDetailsButton
        network={network}
        noun="video"
        item={{ title: video.title, description: video.description, tags: video.tags, visibility: video.visibility }}
        save={changeVideoOptions(network, video.id)}
      />
      <DeleteItemButton
        id={video.id}
        noun="video"
        name={videoTitle(video)}
        remove={deleteVideoOptions(network)}
        then={{ to: paths.videos(network), notice: 'video-deleted' }}
      />
    </>
  );
}

// Watching one video, with its comments. Whoever added it may edit its details or delete it;
// members who may write can comment, as on a blog post or a photo.
import { DeleteItemButton } from '../../components/delete-item-button';
import { changeVideoOptions, deleteVideoOptions } from '../../features/videos/api/video-mutations';
import type { Video } from '../../features/videos/api/video-queries';
import { VideoView } from '../../features/videos/components/video-view';
import { videoTitle } from '../../features/videos/video-host';
import { EditDetailsButton } from '../../features/writing/components/edit-details-button';
import { paths } from '../../lib/paths';
import { ItemRoute } from '../item-page';

export default function VideoPage() {
  return (
    <ItemRoute
      View={VideoView}
      noun="video"
      listPath={paths.videos}
      ownActions={(network, video) => <OwnerActions network={network} video={video} />}
    />
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

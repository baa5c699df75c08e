// A photo with its comments. Its owner may edit its details or delete it; members who may
// write can comment, as on a blog post.
import { changePhotoOptions } from '../../features/photos/api/photo-mutations';
import type { Photo } from '../../features/photos/api/photo-queries';
import { DeletePhotoButton } from '../../features/photos/components/delete-photo-button';
import { PhotoView } from '../../features/photos/components/photo-view';
import { EditDetailsButton } from '../../features/writing/components/edit-details-button';
import { paths } from '../../lib/paths';
import { ItemRoute } from '../item-page';

export default function PhotoPage() {
  return (
    <ItemRoute
      View={PhotoView}
      noun="photo"
      listPath={paths.photos}
      ownActions={(network, photo) => <OwnerActions network={network} photo={photo} />}
    />
  );
}

function OwnerActions({ network, photo }: { network: string; photo: Photo }) {
  return (
    <>
      <EditDetailsButton
        network={network}
        noun="photo"
        item={{ title: photo.title, description: photo.description, tags: photo.topTags, visibility: photo.visibility }}
        save={changePhotoOptions(network, photo.id)}
      />
      <DeletePhotoButton network={network} photo={photo} />
    </>
  );
}

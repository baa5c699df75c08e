// A photo with its comments. Its owner may edit its details or delete it; members who may
// write can comment, as on a blog post.
import { useParams } from 'react-router-dom';
import { changePhotoOptions } from '../../features/photos/api/photo-mutations';
import type { Photo } from '../../features/photos/api/photo-queries';
import { DeletePhotoButton } from '../../features/photos/components/delete-photo-button';
import { PhotoView } from '../../features/photos/components/photo-view';
import { EditDetailsButton } from '../../features/writing/components/edit-details-button';
import { paths } from '../../lib/paths';
import { ItemActions, ItemComments } from '../item-page';
import { useNetwork } from '../use-network';

export default function PhotoPage() {
  const network = useNetwork();
  const { id = '' } = useParams();

  return (
    <PhotoView
      network={network}
      id={id}
      actions={(photo) => (
        <ItemActions
          network={network}
          item={photo}
          noun="photo"
          listPath={paths.photos(network)}
          ownActions={<OwnerActions network={network} photo={photo} />}
        />
      )}
    >
      {(photo) => <ItemComments network={network} item={photo} />}
    </PhotoView>
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

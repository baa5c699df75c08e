// Deleting a photo, after asking: it takes the photo's comments with it and cannot be undone.
import { DeleteItemButton } from '../../../components/delete-item-button';
import { paths } from '../../../lib/paths';
import { deletePhotoOptions } from '../api/photo-mutations';
import type { Photo } from '../api/photo-queries';
import { photoName } from './photo-grid';

export function DeletePhotoButton({ network, photo }: { network: string; photo: Pick<Photo, 'id' | 'title'> }) {
  return (
    <DeleteItemButton
      id={photo.id}
      noun="photo"
      name={photoName(photo)}
      remove={deletePhotoOptions(network)}
      then={{ to: paths.photos(network), notice: 'photo-deleted' }}
    />
  );
}

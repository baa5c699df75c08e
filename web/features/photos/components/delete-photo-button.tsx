// Deleting a photo, after asking: it takes the photo's comments with it and cannot be undone.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { deletePhotoOptions } from '../api/photo-mutations';
import type { Photo } from '../api/photo-queries';
import { photoName } from './photo-grid';

export function DeletePhotoButton({ network, photo }: { network: string; photo: Pick<Photo, 'id' | 'title'> }) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation(deletePhotoOptions(network));
  const navigate = useNavigate();

  return (
    <>
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        Delete photo
      </button>
      {remove.isError ? (
        <p role="alert" className="alert">
          The photo was not deleted. {errorText(remove.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(photo.id, {
            onSuccess: () => navigate(paths.photos(network), { replace: true, state: { notice: 'photo-deleted' } }),
            onSettled: () => setAsking(false),
          })
        }
      >
        <p>“{photoName(photo)}” and its comments will be gone for everyone. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

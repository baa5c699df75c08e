// Choosing one of the writer's own photos to put in the post.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { writingQueries } from '../api/writing-queries';

type Props = {
  open: boolean;
  network: string;
  author: string;
  onPick: (image: { src: string; alt: string }) => void;
  onClose: () => void;
};

export function PhotoPicker({ open, network, author, onPick, onClose }: Props) {
  return (
    <Modal open={open} title="Add an image from your photos" onClose={onClose} className="modal-wide">
      {open ? <Photos network={network} author={author} onPick={onPick} /> : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

function Photos({ network, author, onPick }: Pick<Props, 'network' | 'author' | 'onPick'>) {
  const photos = useQuery(writingQueries.myPhotos(network, author));
  if (photos.isPending) return <Skeleton label="Loading your photos…" rows={2} lines={1} />;
  if (photos.isError) return <ErrorMessage error={photos.error} title="Your photos could not be loaded." retry={() => void photos.refetch()} />;
  const { entry, resources } = photos.data;
  if (entry.length === 0) {
    return (
      <EmptyState title="You have no photos yet." action={<Link to={paths.photos(network)}>Upload photos</Link>}>
        Photos you upload can go into your posts.
      </EmptyState>
    );
  }
  return (
    <ul className="photo-choices">
      {entry.map((photo) => {
        const image = resources[photo.image];
        if (!image) return null;
        const name = photo.title || 'Untitled photo';
        return (
          <li key={photo.id}>
            <button type="button" className="photo-choice" onClick={() => onPick({ src: image.mediumUrl, alt: photo.title })}>
              <img src={image.thumbnailUrl} alt="" width={120} height={120} />
              <span>{name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

// Photos as a grid of square thumbnails, each leading to its photo's page (prefetched on intent).
import type { ImageResource } from '../../../lib/api-types';
import { appPath } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { imageOf, type PhotoResources } from '../api/photo-queries';

type GridPhoto = { id: string; title: string; url: string; image: string };

export const photoName = (photo: { title: string }) => photo.title || 'Untitled photo';

export function PhotoGrid({ photos, resources, label }: { photos: GridPhoto[]; resources: PhotoResources; label: string }) {
  return (
    <ul className="gallery" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.id}>
          <PrefetchLink className="gallery-item" to={appPath(photo.url)}>
            <Thumbnail image={imageOf(resources, photo)} />
            <span className="gallery-title">{photoName(photo)}</span>
          </PrefetchLink>
        </li>
      ))}
    </ul>
  );
}

function Thumbnail({ image }: { image: ImageResource | undefined }) {
  if (!image) return <span className="gallery-thumb gallery-thumb-missing" />;
  // The title under the thumbnail names the link; the image itself adds nothing to read.
  return <img className="gallery-thumb" src={image.thumbnailUrl} alt="" width={320} height={320} loading="lazy" />;
}

// Photos as a grid of square pictures with their titles, each leading to the photo's page.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ImageResource } from '../lib/api-types';
import { appPath } from '../lib/paths';
import './lists.css';

type Tile = { id: string; title: string; url: string; image: string };

export function PhotoTiles<T extends Tile>({
  photos,
  images,
  meta,
}: {
  photos: readonly T[];
  images: Record<string, Partial<ImageResource> | undefined>;
  meta?: (photo: T) => ReactNode;
}) {
  return (
    <ol className="photo-tiles">
      {photos.map((photo) => {
        const image = images[photo.image];
        return (
          <li key={photo.id}>
            <Link to={appPath(photo.url)} className="photo-tile-link">
              {image?.mediumUrl ? <img src={image.mediumUrl} alt="" width={240} height={240} loading="lazy" /> : null}
              <span>{photo.title || 'Untitled photo'}</span>
            </Link>
            {meta ? <p className="meta">{meta(photo)}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

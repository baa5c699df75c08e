// The photos administrators featured, as a grid of thumbnails.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { appPath, paths } from '../../../lib/paths';
import { frontPageQueries } from '../api/front-page-queries';
import { FrontSection } from './front-section';

export function FeaturedPhotos({ network }: { network: string }) {
  const featured = useQuery(frontPageQueries.featuredPhotos(network));
  return (
    <FrontSection
      title="Featured photos"
      more={{ to: paths.photos(network), label: 'All photos' }}
      query={featured}
      isEmpty={(data) => data.entry.length === 0}
    >
      {({ entry, resources }) => (
        <ul className="photo-grid">
          {entry.map((photo) => {
            const image = resources[photo.image];
            return (
              <li key={photo.id}>
                <Link to={appPath(photo.url)}>
                  {image ? <img src={image.thumbnailUrl} alt={photo.title || 'Untitled photo'} width={120} height={120} loading="lazy" /> : photo.title}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </FrontSection>
  );
}

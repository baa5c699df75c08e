// One window of the gallery, newest first, with links to the neighbouring windows. The previous
// window stays on screen (dimmed) while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { neighbours } from '../../blog-posts/paging';
import { photoQueries } from '../api/photo-queries';
import { photoFiltersFromSearch } from '../paging';
import { PhotoGrid } from './photo-grid';

type Props = {
  network: string;
  /** The URL's search: filters (`author`, `tag`) and window (`anchor`, `direction`). */
  search: URLSearchParams;
  /** What to say, and offer, when there are no photos. */
  empty: { title: string; text?: string; action?: ReactNode };
};

export function PhotoGallery({ network, search, empty }: Props) {
  const listing = useQuery({ ...photoQueries.list(photoFiltersFromSearch(network, search)), placeholderData: keepPreviousData });

  if (listing.isPending) return <GallerySkeleton />;
  if (listing.isError) {
    return <ErrorMessage error={listing.error} title="The photos could not be loaded." retry={() => void listing.refetch()} />;
  }
  const { entry, resources } = listing.data;
  if (entry.length === 0 && !search.has('anchor')) {
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }
  const pages = neighbours(search, listing.data);
  return (
    <div aria-busy={listing.isPlaceholderData}>
      <PhotoGrid photos={entry} resources={resources} label="Photos" />
      {pages.newer || pages.older ? (
        <nav className="pager" aria-label="Pages">
          {pages.newer ? <Link to={pages.newer}>← Newer photos</Link> : <span />}
          {pages.older ? <Link to={pages.older}>Older photos →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export function GallerySkeleton({ tiles = 8 }: { tiles?: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">Loading photos…</span>
      <div className="gallery" aria-hidden="true">
        {Array.from({ length: tiles }, (_, tile) => (
          <span key={tile} className="gallery-thumb skeleton-tile" />
        ))}
      </div>
    </div>
  );
}

// The gallery: everyone's photos newest first, or one member's or one tag's (`?author=`,
// `?tag=`), paged with the service's anchors in the URL. Members who may upload find
// "Upload photos" above the grid; the grid shows each new photo as soon as it is in.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { photoQueries } from '../../features/photos/api/photo-queries';
import { PhotoGallery } from '../../features/photos/components/photo-gallery';
import { PhotoUploader } from '../../features/photos/components/photo-uploader';
import { photoFiltersFromSearch } from '../../features/photos/paging';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

function headingFor(tag: string | null, ownerName: string | null): string {
  if (tag && ownerName) return `Photos tagged “${tag}” by ${ownerName}`;
  if (tag) return `Photos tagged “${tag}”`;
  if (ownerName) return `Photos by ${ownerName}`;
  return 'Photos';
}

export default function PhotosPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const location = useLocation();
  const viewer = useViewer(network);
  const tag = search.get('tag');
  const author = search.get('author');
  // The owner's name comes with the listing, in `resources`.
  const listing = useQuery(photoQueries.list(photoFiltersFromSearch(network, search)));
  const owner = author ? listing.data?.resources[author] : undefined;
  const ownerName = author ? (owner && 'fullName' in owner ? owner.fullName : author) : null;
  const heading = headingFor(tag, ownerName);
  const mine = !author || author === viewer.member?.author;

  return (
    <>
      <PageTitle title={heading} />
      <h1>{heading}</h1>
      {tag || author ? (
        <p>
          <Link to={paths.photos(network)}>All photos</Link>
        </p>
      ) : null}
      {viewer.canWrite && mine && !tag ? <PhotoUploader network={network} /> : null}
      {viewer.known && !viewer.member && !tag && !author ? (
        <p className="muted">
          <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to share your photos.
        </p>
      ) : null}
      <PhotoGallery
        network={network}
        search={search}
        empty={
          tag || author
            ? { title: 'No photos match.', text: 'Nothing you can see has been shared here yet.' }
            : {
                title: 'No photos yet.',
                text: viewer.canWrite ? 'Be the first to share one: upload photos above or drop them there.' : 'Photos the members share will appear here.',
              }
        }
      />
    </>
  );
}

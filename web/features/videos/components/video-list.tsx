// A window of videos, newest first: title, who added it, when, where it plays, how many
// comments; paged with anchors in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AnchorPager } from '../../../components/anchor-pager';
import { ContentRow } from '../../../components/content-row';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../session/api/viewer';
import { hostName, videoTitle } from '../video-host';
import { videosQueryFor } from '../video-search';
import '../videos.css';

export function VideoList({ network, search }: { network: string; search: URLSearchParams }) {
  const viewer = useViewer(network);
  const listing = useQuery({ ...videosQueryFor(network, search), placeholderData: keepPreviousData });

  if (listing.isPending) return <Skeleton label="Loading videos…" rows={4} lines={2} />;
  if (listing.isError) return <ErrorMessage error={listing.error} title="The videos could not be loaded." retry={() => void listing.refetch()} />;
  const { entry, resources } = listing.data;
  if (entry.length === 0) {
    return (
      <EmptyState
        title="No videos yet."
        action={
          viewer.canWrite ? (
            <Link className="button-link" to={paths.addVideo(network)}>
              Add the first video
            </Link>
          ) : null
        }
      >
        Share a video from YouTube, Vimeo or Dailymotion by its address.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={listing.isPlaceholderData}>
      <ol className="content-rows" aria-label="Videos">
        {entry.map((video) => (
          <ContentRow
            key={video.id}
            title={videoTitle(video)}
            url={video.url}
            author={video.author}
            resources={resources}
            createdDate={video.createdDate}
            count={{ value: video.commentCount, one: 'comment', many: 'comments' }}
            extra={<span>on {hostName(video.sourceUrl)}</span>}
            leading={
              <span className="video-thumb" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
              </span>
            }
          />
        ))}
      </ol>
      <AnchorPager search={search} listing={listing.data} newer="← Newer videos" older="Older videos →" />
    </div>
  );
}

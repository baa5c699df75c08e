// A video's page: its player (or a link to its host), title, who added it, tags, description,
// and what follows it (its comments). The route gives the controls for it and what comes after.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, leadsNowhere } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { NotFound } from '../../../components/not-found';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { TagList } from '../../blog-posts/components/tag-list';
import { PageTitle } from '../../network/components/page-title';
import { videoQueries, type Video } from '../api/video-queries';
import { videoTitle } from '../video-host';
import { VideoPlayer } from './video-player';
import '../videos.css';
import '../../../components/lists.css';

type Props = {
  network: string;
  id: string;
  /** Controls for the video (moderation, and its owner's Edit and Delete), given the loaded video. */
  actions?: (video: Video) => ReactNode;
  children?: (video: Video) => ReactNode;
};

export function VideoView({ network, id, actions, children }: Props) {
  const video = useQuery(videoQueries.detail(network, id));

  if (video.isPending) return <Skeleton label="Loading video…" frame="video-frame skeleton-video" />;
  if (video.isError) {
    if (leadsNowhere(video.error)) return <NotFound kind="video" />;
    return <ErrorMessage error={video.error} title="The video could not be loaded." retry={() => void video.refetch()} />;
  }
  const { entry, resources } = video.data;
  const title = videoTitle(entry);

  return (
    <>
      <article className="video" aria-labelledby="video-title">
        <PageTitle title={title} />
        <p className="breadcrumbs">
          <Link to={paths.videos(network)}>Videos</Link>
        </p>
        <VideoPlayer video={entry} />
        <h1 id="video-title">{title}</h1>
        <p className="meta">
          <MemberByline author={entry.author} resources={resources} />
          <RelativeTime iso={entry.createdDate} />
          {entry.featuredDate ? <span className="badge">Featured</span> : null}
        </p>
        <TagList network={network} tags={entry.tags} to={paths.tag} />
        {actions ? <div className="post-actions">{actions(entry)}</div> : null}
        {/* Descriptions are HTML the server sanitised against its allowlist. */}
        {entry.description ? <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} /> : null}
      </article>
      {children?.(entry)}
    </>
  );
}

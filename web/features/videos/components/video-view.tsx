// A video's page: its player (or a link to its host), title, who added it, tags, description,
// and comments. Whoever added it (or an administrator) may edit its details, or delete it after
// confirming.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { DeleteItemButton } from '../../../components/delete-item-button';
import { ErrorMessage, isNotFound } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { NotFound } from '../../../components/not-found';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { CommentForm } from '../../comments/components/comment-form';
import { CommentList } from '../../comments/components/comment-list';
import { ModerationControls } from '../../moderation/components/moderation-controls';
import { PageTitle } from '../../network/components/page-title';
import { useViewer } from '../../session/api/viewer';
import { EditDetailsButton } from '../../writing/components/edit-details-button';
import { changeVideoOptions, deleteVideoOptions } from '../api/video-mutations';
import { videoQueries } from '../api/video-queries';
import { videoTitle } from '../video-host';
import { VideoPlayer } from './video-player';
import '../videos.css';
import '../../../components/lists.css';

export function VideoView({ network, id }: { network: string; id: string }) {
  const video = useQuery(videoQueries.detail(network, id));
  const viewer = useViewer(network);
  const me = viewer.member?.author;
  const location = useLocation();

  if (video.isPending) return <Skeleton label="Loading video…" lines={6} />;
  if (video.isError) {
    if (isNotFound(video.error)) return <NotFound kind="video" />;
    return <ErrorMessage error={video.error} title="The video could not be loaded." retry={() => void video.refetch()} />;
  }
  const { entry, resources } = video.data;
  const title = videoTitle(entry);
  const mayDelete = viewer.canWrite && (entry.author === me || viewer.isAdmin);

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
        </p>
        {entry.tags.length > 0 ? (
          <ul className="tags" aria-label="Tags">
            {entry.tags.map((tag) => (
              <li key={tag}>
                <Link className="tag" to={paths.tag(network, tag)}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {mayDelete || viewer.isAdmin || (entry.approved === false && entry.author === me) ? (
          <div className="post-actions">
            <ModerationControls network={network} item={entry} viewer={viewer} noun="video" withoutDelete />
            {mayDelete ? (
              <EditDetailsButton
                network={network}
                noun="video"
                item={{ title: entry.title, description: entry.description, tags: entry.tags, visibility: entry.visibility }}
                save={changeVideoOptions(network, entry.id)}
              />
            ) : null}
            {mayDelete ? (
              <DeleteItemButton
                id={entry.id}
                noun="video"
                name={title}
                remove={deleteVideoOptions(network)}
                then={{ to: paths.videos(network), notice: 'video-deleted' }}
              />
            ) : null}
          </div>
        ) : null}
        {/* Descriptions are HTML the server sanitised against its allowlist. */}
        {entry.description ? <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} /> : null}
      </article>
      <section className="comments" aria-labelledby="comments-heading">
        <h2 id="comments-heading">Comments</h2>
        <CommentList
          network={network}
          attachedTo={entry.id}
          canDelete={(comment) => viewer.isAdmin || (viewer.canWrite && (comment.author === me || entry.author === me))}
          controls={(comment, nameId) => (
            <ModerationControls network={network} item={comment} viewer={viewer} noun="comment" describedBy={nameId} withoutDelete />
          )}
        />
        {!viewer.known ? null : viewer.canWrite ? (
          <CommentForm network={network} attachedTo={entry.id} />
        ) : viewer.isPending ? (
          <p className="notice">You can comment once an administrator approves your membership.</p>
        ) : viewer.isBlocked ? (
          <p className="notice">Your membership is blocked, so you cannot comment.</p>
        ) : viewer.isOutsider ? (
          <p className="notice">
            <Link to={paths.signUp(network, location.pathname)}>Join this network</Link> to write a comment.
          </p>
        ) : (
          <p>
            <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to write a comment.
          </p>
        )}
      </section>
    </>
  );
}

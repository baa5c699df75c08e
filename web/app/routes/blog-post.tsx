// A blog post with its comments. Its author may edit or delete it. Members who may write can
// comment (and delete their own comments, or any on their own post); a pending member is told
// why they cannot yet, and a visitor is invited to sign in.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BlogPostArticle } from '../../features/blog-posts/components/blog-post-article';
import { CommentAccess } from '../../features/comments/components/comment-access';
import { CommentList } from '../../features/comments/components/comment-list';
import { ModerationControls } from '../../features/moderation/components/moderation-controls';
import { useViewer } from '../../features/session/api/viewer';
import { DeletePostButton } from '../../features/writing/components/delete-post-button';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import { LiveAnnouncement, useLiveComments } from '../../features/live/use-live-updates';

export default function BlogPostPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const viewer = useViewer(network);
  const me = viewer.member?.author;
  const navigate = useNavigate();

  return (
    <BlogPostArticle
      network={network}
      id={id}
      actions={(post) => {
        const own = viewer.canWrite && post.author === me;
        return (
          <>
            <ModerationControls
              network={network}
              item={post}
              viewer={viewer}
              noun="post"
              withoutDelete={own}
              onGone={() => navigate(paths.blog(network), { replace: true })}
            />
            {own ? (
              <>
                <Link className="button-link secondary-link" to={paths.editBlogPost(network, post.id)}>
                  Edit post
                </Link>
                <DeletePostButton network={network} post={post} />
              </>
            ) : null}
          </>
        );
      }}
    >
      {(post) => (
        <section className="comments" aria-labelledby="comments-heading">
          <h2 id="comments-heading">Comments</h2>
          <CommentList
            network={network}
            attachedTo={post.id}
            canDelete={(comment) => viewer.isAdmin || (viewer.canWrite && (comment.author === me || post.author === me))}
            controls={(comment, nameId) => (
              <ModerationControls network={network} item={comment} viewer={viewer} noun="comment" describedBy={nameId} withoutDelete />
            )}
          />
          <CommentAccess network={network} attachedTo={post.id} viewer={viewer} />
          <LiveComments network={network} attachedTo={post.id} />
        </section>
      )}
    </BlogPostArticle>
  );
}

/** New comments on the open post appear in its thread as they are written. */
function LiveComments({ network, attachedTo }: { network: string; attachedTo: string }) {
  return <LiveAnnouncement text={useLiveComments(network, attachedTo)} />;
}

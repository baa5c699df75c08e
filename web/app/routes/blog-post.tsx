// A blog post with its comments. Members who may write can add one; a pending member is told
// why they cannot yet, and a visitor is invited to sign in.
import { Link, useLocation, useParams } from 'react-router-dom';
import { BlogPostArticle } from '../../features/blog-posts/components/blog-post-article';
import { CommentForm } from '../../features/comments/components/comment-form';
import { CommentList } from '../../features/comments/components/comment-list';
import { useViewer, type Viewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function BlogPostPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const viewer = useViewer(network);

  return (
    <BlogPostArticle network={network} id={id}>
      <section className="comments" aria-labelledby="comments-heading">
        <h2 id="comments-heading">Comments</h2>
        <CommentList network={network} attachedTo={id} />
        <CommentAccess network={network} attachedTo={id} viewer={viewer} />
      </section>
    </BlogPostArticle>
  );
}

function CommentAccess({ network, attachedTo, viewer }: { network: string; attachedTo: string; viewer: Viewer & { known: boolean } }) {
  const location = useLocation();
  if (!viewer.known) return null;
  if (viewer.canWrite) return <CommentForm network={network} attachedTo={attachedTo} />;
  if (viewer.isPending) {
    return <p className="notice">You can comment once an administrator approves your membership.</p>;
  }
  if (viewer.isBlocked) return <p className="notice">Your membership is blocked, so you cannot comment.</p>;
  if (viewer.isOutsider) {
    return (
      <p className="notice">
        <Link to={paths.signUp(network, location.pathname)}>Join this network</Link> to write a comment.
      </p>
    );
  }
  return (
    <p>
      <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to write a comment.
    </p>
  );
}

// Under an item's comments: the form for members who may write, and for everyone else why
// they cannot comment yet and the way to (sign in, join, wait for approval).
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { Viewer } from '../../session/api/viewer';
import { CommentForm } from './comment-form';

export function CommentAccess({ network, attachedTo, viewer }: { network: string; attachedTo: string; viewer: Viewer & { known: boolean } }) {
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

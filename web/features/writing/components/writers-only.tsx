// The writing pages are for members who may write: a visitor is sent to sign in (and back),
// and a member who may not write yet is told why instead of being shown a form they cannot use.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../session/api/viewer';

type Props = {
  network: string;
  children: (author: string) => ReactNode;
  /** What the page is for, as in "You can … once an administrator approves your membership". */
  what?: string;
};

export function WritersOnly({ network, children, what = 'write posts' }: Props) {
  const viewer = useViewer(network);
  const location = useLocation();
  if (!viewer.known) return <Skeleton label="Loading…" lines={4} />;
  if (!viewer.member) return <Navigate to={paths.signIn(network, location.pathname + location.search)} replace />;
  if (viewer.canWrite) return children(viewer.member.author);
  return (
    <p className="notice">
      {viewer.isPending
        ? `You can ${what} once an administrator approves your membership.`
        : viewer.isBlocked
          ? `Your membership is blocked, so you cannot ${what}.`
          : `Join this network to ${what}.`}{' '}
      {viewer.isOutsider ? <Link to={paths.signUp(network, location.pathname)}>Join</Link> : null}
    </p>
  );
}

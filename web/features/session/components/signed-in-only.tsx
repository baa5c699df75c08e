// Pages about one's own account are for members who are signed in: a visitor is sent to sign
// in, and back here afterwards.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useViewer } from '../api/viewer';

export function SignedInOnly({ network, children }: { network: string; children: ReactNode }) {
  const viewer = useViewer(network);
  const location = useLocation();
  if (!viewer.known) return <Skeleton label="Loading…" lines={4} />;
  if (!viewer.member) return <Navigate to={paths.signIn(network, location.pathname + location.search)} replace />;
  return children;
}

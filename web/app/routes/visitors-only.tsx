// Frames the pages for visitors who are not signed in (sign in, sign up, a forgotten
// password): once there is a membership, which is what those pages produce, it sends the
// member on to `?next=`. Someone who has just joined is told where they stand.
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useMatch } from 'react-router-dom';
import { sessionQuery } from '../../features/session/api/session-queries';
import type { FlashNotice } from '../layout/flash-notice';
import { useNextPath } from '../next-path';
import { useNetwork } from '../use-network';

export default function VisitorsOnly() {
  const session = useQuery(sessionQuery(useNetwork()));
  const next = useNextPath();
  const joining = useMatch('/n/:network/signup') !== null;
  // Someone signed in with an account that has not joined this network may still join it.
  const state = session.data?.state;
  if (!state) return <Outlet />;
  const notice: FlashNotice | undefined = joining ? (state === 'pending' ? 'joined-pending' : 'joined') : undefined;
  return <Navigate to={next} replace state={notice ? { notice } : undefined} />;
}

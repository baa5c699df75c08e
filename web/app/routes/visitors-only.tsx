// Frames the pages for visitors who are not signed in (sign in, sign up): once there is a
// membership, which is what those pages produce, it sends the member on to `?next=`.
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { sessionQuery } from '../../features/session/api/session-queries';
import { paths, safeNext } from '../../lib/paths';
import { useNetwork } from '../use-network';

/** Where to go after signing in or up: the page the visitor came from, else the front page. */
export function useNextPath(): string {
  const network = useNetwork();
  const [search] = useSearchParams();
  return safeNext(search.get('next'), paths.home(network));
}

export default function VisitorsOnly() {
  const session = useQuery(sessionQuery(useNetwork()));
  const next = useNextPath();
  // Someone signed in with an account that has not joined this network may still join it.
  return session.data?.state ? <Navigate to={next} replace /> : <Outlet />;
}

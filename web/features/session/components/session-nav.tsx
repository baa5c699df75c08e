// The header's account corner: who is signed in and a way out, or the ways in.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { signOutOptions } from '../api/session-mutations';
import { sessionQuery } from '../api/session-queries';

export function SessionNav({ network }: { network: string }) {
  const session = useQuery(sessionQuery(network));
  const signOut = useMutation(signOutOptions(network));
  const location = useLocation();
  const here = location.pathname + location.search;

  if (session.isPending) return null;
  if (session.data) {
    return (
      <div className="session">
        <span>
          Signed in as <strong>{session.data.fullName}</strong>
        </span>
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
        {signOut.isError ? (
          <span role="alert" className="alert">
            {errorText(signOut.error)}
          </span>
        ) : null}
      </div>
    );
  }
  const isAuthPage = /\/sign(in|up)$/.test(location.pathname);
  const next = isAuthPage ? undefined : here;
  return (
    <ul className="session">
      <li>
        <Link to={paths.signIn(network, next)}>Sign in</Link>
      </li>
      <li>
        <Link to={paths.signUp(network, next)}>Sign up</Link>
      </li>
    </ul>
  );
}

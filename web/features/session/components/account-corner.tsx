// The header's account corner. Visitors get the ways in; members get "Write a post" when they
// may write, their state when they may not (awaiting approval, blocked), and a menu with
// their pages and signing out.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { signOutOptions } from '../api/session-mutations';
import { useViewer, type Viewer } from '../api/viewer';

export function AccountCorner({ network }: { network: string }) {
  const viewer = useViewer(network);
  const location = useLocation();

  // Until the session is known, the corner keeps the room its links take, so the search field beside it stays put.
  if (!viewer.known) return <div className="account-corner account-corner-pending" />;
  if (!viewer.member) {
    const isAuthPage = /\/(signin|signup)$/.test(location.pathname);
    const next = isAuthPage ? undefined : location.pathname + location.search;
    return (
      <ul className="account-corner">
        <li>
          <Link to={paths.signIn(network, next)}>Sign in</Link>
        </li>
        <li>
          <Link className="button-link" to={paths.signUp(network, next)}>
            Sign up
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <div className="account-corner">
      <MemberState network={network} viewer={viewer} />
      <AccountMenu network={network} viewer={viewer} />
    </div>
  );
}

/** What the member may do here, at a glance: write, or why not. */
function MemberState({ network, viewer }: { network: string; viewer: Viewer }) {
  if (viewer.canWrite) {
    return (
      <Link className="button-link" to={paths.write(network)}>
        Write a post
      </Link>
    );
  }
  if (viewer.isPending) return <span className="state-badge">Awaiting approval</span>;
  if (viewer.isBlocked) return <span className="state-badge state-badge-danger">Blocked</span>;
  return (
    <Link className="button-link" to={paths.signUp(network)}>
      Join this network
    </Link>
  );
}

function AccountMenu({ network, viewer }: { network: string; viewer: Viewer }) {
  const member = viewer.member!;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const signOut = useMutation(signOutOptions(network));
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={container}>
      <button
        ref={toggle}
        type="button"
        className="account-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
      >
        <img className="avatar" src={member.iconUrl} alt="" width={28} height={28} />
        <span className="account-name">{member.fullName}</span>
      </button>
      <div id={menuId} className="account-panel" hidden={!open}>
        <p className="account-who">
          Signed in as <strong>{member.fullName}</strong>
          {viewer.isPending ? <span className="muted"> · awaiting approval</span> : null}
        </p>
        <ul>
          {viewer.isOutsider ? null : (
            <>
              <li>
                <Link to={paths.member(network, member.author)}>My profile</Link>
              </li>
              <li>
                <Link to={paths.myPosts(network)}>My posts</Link>
              </li>
              <li>
                <Link to={paths.friends(network)}>Friends</Link>
              </li>
            </>
          )}
          <li>
            <Link to={paths.profileSettings(network)}>Profile settings</Link>
          </li>
          <li>
            <Link to={paths.accessTokens(network)}>Access tokens</Link>
          </li>
        </ul>
        <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
        {signOut.isError ? (
          <p role="alert" className="alert">
            {errorText(signOut.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

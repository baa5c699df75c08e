// Who is calling, as every permission check and every visibility scope sees it.
import type { MemberState, Role } from '../db/schema';

export interface Viewer {
  accountId: number | null;
  screenName: string | null;
  /** Role and state of the caller's membership in the network of this request. */
  role: Role | null;
  state: MemberState | null;
  via: 'anonymous' | 'session' | 'oauth' | 'bearer';
  /** The session's anti-forgery token, when the caller signed in through the web app. */
  csrfToken?: string;
}

/** A caller with an account: whom every permission but `public` and `anyone` lets through. */
export interface SignedInViewer extends Viewer {
  accountId: number;
}

export const isSignedIn = (v: Viewer): v is SignedInViewer => v.accountId !== null;

export const anonymous: Viewer = { accountId: null, screenName: null, role: null, state: null, via: 'anonymous' };

export const isMember = (v: Viewer) => v.state === 'active';
export const isAdmin = (v: Viewer) => isMember(v) && (v.role === 'admin' || v.role === 'owner');
export const isOwner = (v: Viewer) => isMember(v) && v.role === 'owner';

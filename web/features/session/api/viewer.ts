// Who is looking, in the terms pages decide by: may they write here, are they waiting for
// approval or blocked, may they moderate. Derived from the session, never stored apart from it.
import { useQuery } from '@tanstack/react-query';
import type { SessionEntry } from '../../../lib/api-types';
import { sessionQuery } from './session-queries';

export type Viewer = {
  /** The signed-in member, or null for a visitor. */
  member: SessionEntry | null;
  /** An active member (or the Network Creator): may post, comment, upload. */
  canWrite: boolean;
  /** Joined, waiting for an administrator's approval: reads like a visitor, writes nothing. */
  isPending: boolean;
  isBlocked: boolean;
  /** Signed in with an account that has not joined this network. */
  isOutsider: boolean;
  isAdmin: boolean;
  isOwner: boolean;
};

export function viewerOf(member: SessionEntry | null | undefined): Viewer {
  const state = member?.state ?? null;
  return {
    member: member ?? null,
    canWrite: state === 'active' || state === 'owner',
    isPending: state === 'pending',
    isBlocked: state === 'blocked',
    isOutsider: !!member && state === null,
    isAdmin: !!member && (member.isAdmin || member.isOwner) && state !== 'blocked',
    isOwner: !!member?.isOwner,
  };
}

/** The viewer of this network; `known` is false until the session has been read. */
export function useViewer(network: string): Viewer & { known: boolean } {
  const session = useQuery(sessionQuery(network));
  return { ...viewerOf(session.data), known: session.isSuccess };
}

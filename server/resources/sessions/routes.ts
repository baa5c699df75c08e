// Web sign-in (our extension): the web app signs in with email and password and then calls
// the same REST endpoints as any program, with an HttpOnly session cookie and the session's
// anti-forgery token in the X-CSRF-Token header.
import { z } from 'zod';
import type { Request, Response } from 'express';
import { endpoint, type Ctx } from '../../http/endpoint';
import { SESSION_COOKIE } from '../../http/auth';
import { credentialsEnded } from '../../lib/changes';
import { ApiError } from '../../lib/errors';
import { viewerOf } from '../../http/auth';
import { checkCredentials } from './credentials';
import { closeSession, openSession, SESSION_DAYS } from './store';
import { parse as parseCookies } from 'cookie';
import { iconUrlOf } from '../users/author-ref';
import type { Viewer } from '../../lib/viewer';
import { sessionEntry } from './schema';

export const sessionEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Session',
    allow: 'public',
    extension: true,
    summary: 'The signed-in member of the web app, or null; carries the anti-forgery token for writes.',
    params: z.object({}),
    reply: 'entry',
    entry: sessionEntry,
    handle: async (ctx) => ({ entry: await entryOf(ctx, ctx.viewer) }),
  }),
  endpoint({
    method: 'POST',
    path: 'Session',
    allow: 'public',
    extension: true,
    summary: 'Signs in with email and password; sets the session cookie.',
    params: z.object({ email: z.string().max(320), password: z.string().max(1000) }),
    reply: 'entry',
    entry: sessionEntry,
    handle: async (ctx, { email, password }) => {
      refuseCrossSite(ctx.req);
      const account = await checkCredentials(ctx, email, password);
      const viewer = await startSession(ctx, account.id);
      return { entry: await entryOf(ctx, viewer) };
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Session',
    allow: 'public',
    extension: true,
    summary: 'Signs out.',
    params: z.object({}),
    handle: async (ctx) => {
      // A live session without its anti-forgery header is refused whole: the session stays
      // and so does its cookie, rather than a browser signed out of a session still valid.
      if (ctx.req.caller?.csrfRejected) throw new ApiError('notAllowed', 'The X-CSRF-Token header is missing or does not match the session.');
      const id = parseCookies(ctx.req.headers.cookie ?? '')[SESSION_COOKIE];
      if (id) await endSession(ctx, id);
      ctx.res.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  }),
];

/**
 * Refuses to start a session for a request another site made a browser send (login CSRF: a
 * page that signs its visitor in as the attacker). Browsers say where a request comes from
 * with Sec-Fetch-Site, or at least Origin; programs send neither and are not affected.
 */
export function refuseCrossSite(req: Request): void {
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  const sameOrigin = site !== undefined ? site === 'same-origin' || site === 'none' : origin === undefined || origin === req.publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
  if (!sameOrigin) throw new ApiError('notAllowed', 'Signing in or joining is only possible from this site’s own pages.');
}

/**
 * Opens a session for an account and sets its cookie; returns the caller as that account.
 * A session the browser already had is ended: each sign-in gets a new session id.
 */
export async function startSession(ctx: Ctx, accountId: number): Promise<Viewer> {
  const previous = parseCookies(ctx.req.headers.cookie ?? '')[SESSION_COOKIE];
  if (previous) await endSession(ctx, previous);
  const session = await openSession(ctx.db, accountId, ctx.now);
  setSessionCookie(ctx.req, ctx.res, session.id);
  const viewer = await viewerOf(ctx.db, ctx.network.id, accountId, 'session');
  return { ...viewer, csrfToken: session.csrfToken };
}

/** Ends a session, and tells every instance that may still know whom it named. */
async function endSession(ctx: Ctx, id: string) {
  const accountId = await closeSession(ctx.db, id);
  if (accountId !== undefined) await ctx.changes.publish([credentialsEnded(ctx.network.id, accountId)]);
}

function setSessionCookie(req: Request, res: Response, id: string) {
  res.cookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: SESSION_DAYS * 86_400_000,
  });
}

async function entryOf(ctx: Ctx, viewer: Viewer): Promise<z.output<typeof sessionEntry>> {
  if (viewer.accountId === null || viewer.via !== 'session') return null;
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['screen_name', 'full_name', 'icon_url', 'email'])
    .where('id', '=', viewer.accountId)
    .executeTakeFirstOrThrow();
  return {
    author: account.screen_name,
    fullName: account.full_name,
    iconUrl: iconUrlOf(ctx.present, { screenName: account.screen_name, fullName: account.full_name, iconUrl: account.icon_url }),
    email: account.email,
    isOwner: viewer.role === 'owner' && viewer.state === 'active',
    isAdmin: (viewer.role === 'owner' || viewer.role === 'admin') && viewer.state === 'active',
    isMember: viewer.state === 'active',
    state: viewer.state === null ? null : viewer.role === 'owner' ? 'owner' : viewer.state,
    csrfToken: viewer.csrfToken ?? null,
  };
}

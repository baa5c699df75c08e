// Web sign-in (our extension): the web app signs in with email and password and then calls
// the same REST endpoints as any program, with an HttpOnly session cookie and the session's
// anti-forgery token in the X-CSRF-Token header.
import { z } from 'zod';
import type { Request, Response } from 'express';
import { endpoint, type Ctx } from '../../http/endpoint';
import { SESSION_COOKIE } from '../../http/auth';
import { unauthenticated } from '../../http/errors';
import { verifyPassword } from '../../lib/passwords';
import { viewerOf } from '../../http/auth';
import { findAccountByEmail } from '../users/store';
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
      const account = await findAccountByEmail(ctx.db, email);
      if (!account || !(await verifyPassword(password, account.password_hash))) {
        throw unauthenticated(5, 'Wrong email or password.');
      }
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
      const id = parseCookies(ctx.req.headers.cookie ?? '')[SESSION_COOKIE];
      if (id && ctx.viewer.via === 'session') await closeSession(ctx.db, id);
      ctx.res.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  }),
];

/** Opens a session for an account and sets its cookie; returns the caller as that account. */
export async function startSession(ctx: Ctx, accountId: number): Promise<Viewer> {
  const session = await openSession(ctx.db, accountId, ctx.now);
  setSessionCookie(ctx.req, ctx.res, session.id);
  const viewer = await viewerOf(ctx.db, ctx.network.id, accountId, 'session');
  return { ...viewer, csrfToken: session.csrfToken };
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

// Who is calling: OAuth 1.0a (programs), a personal access token (`Authorization: Bearer`,
// scripts), a session cookie (the web app) or nobody. The caller's membership of the
// request's network then gives the role every permission check and visibility scope reads.
// Whom a session or access token names is kept for a few seconds (http/caller-cache.ts).
import type { Request, RequestHandler } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Db } from '../db/database';
import type { Network } from '../db/schema';
import { anonymous, isAdmin, isMember, isOwner, type Viewer } from '../lib/viewer';
import { findAccessToken } from '../resources/access-tokens/store';
import { findSession } from '../resources/sessions/store';
import { findConsumer, findOAuthToken, noteConsumerUse, useNonce } from '../resources/tokens/store';
import { accountInNetwork, type AccountInNetwork } from '../resources/users/store';
import { ApiError } from '../lib/errors';
import { sha256 } from '../lib/random';
import type { AppDeps, Permission, Restriction } from './endpoint';
import type { CallerCache } from './caller-cache';
import { collectOAuthRequest, normaliseBaseUri, verifySignature } from './oauth-signature';
import { queryOf } from './params';

export const SESSION_COOKIE = 'xn_session';
const CLOCK_SKEW_SECONDS = 300;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Caller {
  viewer: Viewer;
  consumerId: number | null;
  /** A session cookie came without its anti-forgery header, so it was not honoured. */
  csrfRejected: boolean;
  /** Names the credential that identified the caller (never the secret itself), for per-caller limits. */
  credential: string | null;
}

/** What identifying a caller reads: the database, the OAuth secrets, and whom credentials were found to name. */
export type AuthDeps = Pick<AppDeps, 'db' | 'secrets'> & { callers: CallerCache };

const nobody: Caller = { viewer: anonymous, consumerId: null, csrfRejected: false, credential: null };

/**
 * Middleware: finds the network a request addresses (`networkOf` throws a 404 when there is
 * none) and identifies its caller, into `req.network` and `req.caller`. A request it must
 * refuse (no such network, credentials that fail) gets `req.refusal` instead, for the rate limiter to count against the client's address
 * before it is answered, so made-up credentials cannot dodge the limit.
 */
export function identifyCaller(deps: AuthDeps, networkOf: (req: Request) => Promise<Network>): RequestHandler {
  return async (req, _res, next) => {
    // The response cache identifies a signed-in reader before its lookup.
    if (req.caller === undefined && req.refusal === undefined) await identify(req, deps, networkOf);
    next();
  };
}

/** Sets `req.network` and `req.caller`, or `req.refusal`: what `identifyCaller` does for a request. */
export async function identify(req: Request, deps: AuthDeps, networkOf: (req: Request) => Promise<Network>): Promise<void> {
  try {
    const network = await networkOf(req);
    req.network = network;
    req.caller = await authenticate(req, deps, network, Date.now());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    req.refusal = error;
  }
}

export async function authenticate(req: Request, { db, secrets, callers }: AuthDeps, network: Network, now: number): Promise<Caller> {
  if (carriesOAuth(req)) {
    const { accountId, consumerId } = await verifyOAuth(req, { db, secrets }, network, now);
    const viewer = accountId === null ? anonymous : await viewerOf(db, network.id, accountId, 'oauth');
    return { viewer, consumerId, csrfRejected: false, credential: `oauth:${consumerId}:${accountId ?? ''}` };
  }
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  if (bearer) {
    // A bearer token is no ambient credential, so it needs no anti-forgery header.
    const secret = bearer[1]!;
    const caller = await callers.find(`bearer:${network.id}:${sha256(secret)}`, now, async () => {
      const accessToken = await findAccessToken(db, network.id, secret, now);
      if (!accessToken) return undefined;
      const value: Caller = { viewer: viewerFrom(accessToken.account, 'bearer'), consumerId: null, csrfRejected: false, credential: `bearer:${accessToken.id}` };
      return { value, accountId: accessToken.account.id };
    });
    if (!caller) throw new ApiError('unknownToken', 'Unknown or revoked access token.');
    return caller;
  }
  const sessionId = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
  if (!sessionId) return nobody;
  const idHash = sha256(sessionId);
  const caller = await callers.find(`session:${network.id}:${idHash}`, now, async () => {
    const session = await findSession(db, sessionId, network.id, now);
    if (!session) return undefined;
    const value: Caller = {
      viewer: { ...viewerFrom(session.account, 'session'), csrfToken: session.csrfToken },
      consumerId: null,
      csrfRejected: false,
      credential: `session:${session.idHash}`,
    };
    return { value, accountId: session.account.id, expiresAt: session.expiresAt };
  });
  if (!caller) return nobody;
  if (UNSAFE.has(req.method) && req.get('x-csrf-token') !== caller.viewer.csrfToken) return { ...nobody, csrfRejected: true };
  return caller;
}

export async function viewerOf(db: Db, networkId: number, accountId: number, via: Viewer['via']): Promise<Viewer> {
  const row = await accountInNetwork(db, networkId, accountId);
  return row ? viewerFrom(row, via) : anonymous;
}

function viewerFrom(row: AccountInNetwork, via: Viewer['via']): Viewer {
  return { accountId: row.id, screenName: row.screen_name, role: row.role ?? null, state: row.state ?? null, via };
}

/** Refuses a caller who sent (a valid value of) a parameter the endpoint's row reserves for a stronger permission. */
export function authorizeParameters(restricted: Partial<Record<string, Restriction>> | undefined, sent: (name: string) => boolean, viewer: Viewer): void {
  for (const [name, who] of Object.entries(restricted ?? {})) {
    if (!sent(name)) continue;
    if (who === 'admin' && !isAdmin(viewer)) throw new ApiError('notAllowed', `Only administrators may set '${name}'.`);
    if (who === 'owner' && !isOwner(viewer)) throw new ApiError('notAllowed', `Only the Network Creator may set '${name}'.`);
  }
}

export function authorize(allow: Permission, caller: Caller, network: Network): void {
  const { viewer } = caller;
  if (allow === 'public') return;
  // A private network is read by its members only, so a blocked or pending one hears why (2-3, 2-4).
  if (allow === 'anyone' && !network.is_private) return;
  if (viewer.accountId === null) throw signInRequired(caller);
  if (allow === 'account') return;
  if (viewer.state === 'blocked') throw new ApiError('blocked', 'This member is blocked on this network.');
  if (viewer.state === 'pending') throw new ApiError('pending', 'Membership of this network is awaiting approval.');
  if (!isMember(viewer)) throw new ApiError('notAllowed', 'Only members of this network may do this.');
  if (allow === 'admin' && !isAdmin(viewer)) throw new ApiError('notAllowed', 'Only administrators may do this.');
  if (allow === 'owner' && !isOwner(viewer)) throw new ApiError('notAllowed', 'Only the Network Creator may do this.');
}

function signInRequired(caller: Caller) {
  return caller.csrfRejected
    ? new ApiError('notAllowed', 'The X-CSRF-Token header is missing or does not match the session.')
    : new ApiError('missingCredentials', 'Sign in, sign the request with OAuth or send an access token to do this.');
}

function carriesOAuth(req: Request): boolean {
  if (/^\s*OAuth\s/i.test(req.get('authorization') ?? '')) return true;
  if (/(^|&)oauth_consumer_key=/.test(queryOf(req))) return true;
  return typeof req.body === 'object' && req.body !== null && 'oauth_consumer_key' in req.body;
}

async function verifyOAuth(req: Request, { db, secrets }: Pick<AppDeps, 'db' | 'secrets'>, network: Network, now: number) {
  const collected = collectOAuthRequest({
    method: req.method,
    // The URL as the client addressed it (a trusted proxy's X-Forwarded-Host/-Proto when behind one).
    baseUri: normaliseBaseUri(req.protocol, req.host ?? '', req.originalUrl),
    query: queryOf(req),
    form: req.rawForm ?? null,
    authorization: req.get('authorization'),
  });
  const o = collected.oauth;
  if (!o.oauth_consumer_key || !o.oauth_signature || !o.oauth_signature_method) {
    throw new ApiError('missingCredentials', 'OAuth parameters oauth_consumer_key, oauth_signature_method and oauth_signature are required.');
  }
  const hmac = o.oauth_signature_method === 'HMAC-SHA1';
  const timestamp = Number(o.oauth_timestamp);
  if (hmac && (!o.oauth_nonce || !Number.isInteger(timestamp))) {
    throw new ApiError('missingCredentials', 'OAuth parameters oauth_nonce and oauth_timestamp are required.');
  }
  if (o.oauth_timestamp !== undefined && Math.abs(now / 1000 - timestamp) > CLOCK_SKEW_SECONDS) {
    throw new ApiError('staleRequest', 'oauth_timestamp is too far from the current time.');
  }
  const consumer = await findConsumer(db, secrets, network.id, o.oauth_consumer_key);
  if (!consumer) throw new ApiError('unknownToken', 'Unknown or revoked consumer key.');
  let accountId: number | null = null;
  let tokenSecret = '';
  if (o.oauth_token) {
    const token = await findOAuthToken(db, secrets, consumer.id, o.oauth_token);
    if (!token) throw new ApiError('unknownToken', 'Unknown or revoked token.');
    accountId = token.account_id;
    tokenSecret = token.token_secret;
  }
  const valid = verifySignature({
    signatureMethod: o.oauth_signature_method,
    signature: o.oauth_signature,
    baseString: collected.baseString,
    consumerSecret: consumer.consumer_secret,
    tokenSecret,
  });
  if (!valid) throw new ApiError('badSignature', 'Invalid OAuth signature.');
  if (o.oauth_nonce && !(await useNonce(db, o.oauth_consumer_key, o.oauth_nonce, now, now - 2 * CLOCK_SKEW_SECONDS * 1000))) {
    throw new ApiError('staleRequest', 'This oauth_nonce was used before.');
  }
  await noteConsumerUse(db, consumer, now);
  return { accountId, consumerId: consumer.id };
}

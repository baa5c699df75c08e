// What a REST endpoint is: a row of a resource's route table. It names its method and path,
// who may call it, the parameters it reads (a zod schema that both validates the request
// and feeds the OpenAPI document) and the handler that returns the success body.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AnchorCodec } from './anchor';
import type { PresentContext, Presenter } from './fields';
import type { Params } from './params';
import type { UploadSpec } from './upload';
import type { SignInThrottle } from './rate-limit';
import type { Db, Dialect } from '../db/database';
import type { Network } from '../db/schema';
import type { SignedInViewer, Viewer } from '../lib/viewer';
import type { ScopeContext } from '../lib/scope';
import type { Logger } from 'pino';
import type { ChangeBus } from '../lib/changes';
import type { LiveStreams } from '../resources/live/streams';
import type { Mailer } from '../lib/mailer';
import type { SecretBox } from '../lib/secret-box';
import type { KeptRows } from '../lib/kept-rows';

/**
 * public  — anybody, even on a private network (signing in, joining, getting a token)
 * anyone  — anybody who may read the network (anyone on a public network, members on a private one)
 * account — any signed-in caller, member of this network or not
 * member  — an active member
 * admin   — an administrator or the Network Creator
 * owner   — the Network Creator
 */
export type Permission = 'public' | 'anyone' | 'account' | 'member' | 'admin' | 'owner';

/** Who alone may send a restricted parameter: administrators (and the Network Creator), or the Network Creator. */
export type Restriction = 'admin' | 'owner';

export interface AppDeps {
  db: Db;
  dialect: Dialect;
  anchors: AnchorCodec;
  log: Logger;
  /** Where committed writes announce what they changed (server/lib/changes.ts). */
  changes: ChangeBus;
  /** The open live streams (GET Live), ended when the server drains. */
  live: LiveStreams;
  /** Mail to members: by SMTP, or printed in the log. */
  mailer: Mailer;
  /** Encrypts and decrypts the OAuth secrets the database keeps. */
  secrets: SecretBox;
}

/** What a use-case needs: the deployment, the network, the caller and the time of the request. */
export interface Actor extends AppDeps, ScopeContext {
  network: Network;
  viewer: Viewer;
  /** The client's address (as TRUST_PROXY reads it), for the audit log; none outside a request. */
  address?: string | null;
}

/** An actor whose account is known to exist: who acts through an endpoint that needs one. */
export interface SignedInActor extends Actor {
  viewer: SignedInViewer;
}

export interface Ctx extends Actor {
  /** Failed sign-ins, counted per account and address. */
  signIns: SignInThrottle;
  /** Rows of items read lately, which reads of this request may take instead of reading them again. */
  kept: KeptRows;
  /** The OAuth consumer that signed the request, if any (the Token endpoint needs it). */
  consumerId: number | null;
  params: Params;
  present: PresentContext;
  req: Request;
  res: Response;
}

export interface SignedInCtx extends Ctx {
  viewer: SignedInViewer;
}

/** What a handler gets: every permission but `public` and `anyone` has let a signed-in caller through. */
export type HandlerCtx<P extends Permission> = P extends 'public' | 'anyone' ? Ctx : SignedInCtx;

/**
 * The success body's envelope, as the OpenAPI document describes it:
 * get     — `{entry: E | E[], resources}` (one id, or repeated ids)
 * listing — `{entry: E[], anchor, firstPage, lastPage, resources}`
 * count   — `{count}`
 * create  — `{id}`
 * done    — nothing but `success` (updates, deletes, actions)
 * entry   — `{entry}` exactly as `entry` declares it (Token, Session, ...)
 * stream  — server-sent events the handler writes itself (Live)
 * atom    — an Atom feed the handler writes itself (BlogPost/feed)
 */
export type ReplyKind = 'get' | 'listing' | 'count' | 'create' | 'done' | 'entry' | 'stream' | 'atom';

export interface Endpoint<S extends z.ZodObject = z.ZodObject, P extends Permission = Permission> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Resource and action, e.g. `BlogPost/recent`. */
  path: string;
  allow: P;
  summary: string;
  /** Our addition to the historical API, marked as such in the API reference. */
  extension?: boolean;
  params: S;
  /**
   * Parameters that need a stronger permission than `allow` (e.g. `approved`: administrators):
   * a caller without it who sends one is refused (403, 2-1) before anything else is done.
   * Rules about the item itself (whose post, which member) stay in the use-cases.
   */
  restricted?: Partial<Record<keyof z.input<S> & string, Restriction>>;
  /**
   * Without it: `X/recent|alpha|featured|list` are listings, `X/count` counts, other GETs
   * are gets, POST on a resource creates, POST on an action, PUT and DELETE are done.
   */
  reply?: ReplyKind;
  /**
   * The shape of one entry (all its fields) for the OpenAPI document and the tests that check
   * replies against it. For get and listing replies every field but `id` is optional there,
   * as `fields` chooses them; a field that may be null says `.nullable()`.
   */
  entry?: z.ZodType;
  /** What presents the entries of a get or listing reply: its `fields` parameter is checked against it before the handler runs. */
  presenter?: Presenter<any>;
  /** A multipart/form-data body with one file (Photo upload), read after the permission check. */
  upload?: UploadSpec;
  handle(ctx: HandlerCtx<P>, params: z.output<S>): Promise<Record<string, unknown>>;
}

/**
 * Declares an endpoint with its parameter types inferred from its schema, and its handler's
 * caller from its permission (the router authorizes the caller before it calls the handler).
 */
export function endpoint<S extends z.ZodObject, P extends Permission>(e: Endpoint<S, P>): Endpoint {
  return e as unknown as Endpoint;
}

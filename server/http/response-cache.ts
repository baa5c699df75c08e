// The anonymous response cache. What a visitor (no credentials) reads from a public network
// is the same for every visitor, so the finished reply of a GET — its bytes, headers and
// ETag — is kept, keyed by the address it answered (origin, network, endpoint and the query
// parameters in a normal order), and later visitors get those bytes before any middleware,
// query or presenter runs. One request rebuilds a missing reply while the others asking for
// the same wait for it.
//
// Freshness: every committed write announces itself on the change bus before it is
// answered, and drops its network's replies (a member's profile, which shows on every
// network, drops them all), so the very next read on this process sees it; the other
// processes hear of it through the bus's transports (workers of one machine; instances on
// PostgreSQL by LISTEN/NOTIFY). A reply also
// expires when a scheduled post of its network becomes due, and after MAX_AGE_MS at most
// (what changes with time alone, like a date limit relative to now).
//
// Signed-in readers share replies by audience. What an active member reads is what every
// other member reads, unless the visibility scope grants them something beyond it (their own
// drafts or restricted items, comments awaiting approval, a friend's friends-only items); the
// same holds for administrators, and for the Network Creator. So on the endpoints whose replies
// name nothing of the reader (AUDIENCE_ENDPOINTS), a signed-in caller is identified first, and
// what they see beyond their audience (resources/beyond-audience.ts: their extras, read once per
// viewer until the network's next write) is weighed against the request: when none of it could
// show in this reply (extras-in-reply.ts), they get the reply kept for `role:address`. A reply is
// kept for an audience only when, once it was built, its reader's extras (read again) still could
// not show in it; anyone else (extras that could show, a blocked or pending member, a session
// that ended) goes the whole way. A content count that counts the reader's extras is the
// audience's kept count plus the extras it counts, read by id at once (countWithExtras).
import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/database';
import type { ChangeBus } from '../lib/changes';
import { GenerationMap } from '../lib/generation-map';
import { processCaches, type MemoryBudget } from '../lib/memory-budget';
import { isAdmin, type Viewer } from '../lib/viewer';
import { audienceSees, countedExtras, extrasOf, none, type Extras, type SharedAudience } from '../resources/beyond-audience';
import { notModified } from './conditional';
import { anchorRow, couldShow, countedFilters, FRIEND_LISTINGS, type Showing } from './extras-in-reply';
import { sendSuccess } from './envelope';
import { Params } from './params';

/** Whose replies to drop: one network's, or (`'all'`) every network's. */
export type Scope = number | 'all';

export interface ResponseCacheOptions {
  db: Db;
  /** The change bus: every committed write, of this process and (through its transports) of the others. */
  changes: ChangeBus;
  /** What keeping replies may cost — bodies, headers and keys — shared with the process's other caches (least recently used first out). */
  budget?: MemoryBudget;
  /** Counts a visitor's request against the rate limit before it is answered from the cache; throws the refusal. */
  admit?: (req: Request) => Promise<void>;
  /** Answers a refusal `admit` threw. */
  refuse?: (req: Request, res: Response, error: unknown) => void;
  /** Reported for every reply answered from the cache, as the request log and metrics do for the others. */
  onHit?: (req: Request, res: Response, startedAt: bigint, route: string) => void;
  /**
   * Identifies the caller of the network named `subdomain` (into `req.network` and
   * `req.caller`, or `req.refusal`), as `identifyCaller` would: a signed-in caller before
   * the lookup, a visitor before their reply is built.
   */
  identify: (req: Request, subdomain: string) => Promise<void>;
}

const MAX_AGE_MS = 60_000;
/** Bodies smaller than this are sent as they are, as the compression middleware does. */
const COMPRESS_FROM_BYTES = 1024;
/** Replies larger than this are not kept (a page of 100 posts with long bodies is far below). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Headers of a kept count that do not describe a count made from it (sendJson writes its own). */
const RECOUNTED = new Set(['x-cache', 'etag', 'content-length', 'content-type', 'content-encoding']);
/** Headers that belong to one exchange, never replayed. */
const PER_EXCHANGE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);
const REST_PATH = /^\/xn\/rest\/([^/?#]+)\/1\.0\/([^?#]+)(?:\?(.*))?$/;
/**
 * The reads whose reply is the same for every viewer of an audience who sees nothing beyond
 * it: content, comments, activity and tags through the visibility scope, presented without
 * anything of the reader; the member listings, but for the member listed (MEMBER_LISTINGS); and
 * a named member's friends, but for that member (FRIEND_LISTINGS). Not `User` by id (without one
 * it is the caller), the caller's own friends, Search or the account endpoints: their replies are
 * the reader's own.
 */
const AUDIENCE_ENDPOINTS =
  /^(?:(?:BlogPost|Photo|Video|Topic)(?:\/(?:recent|featured|count))?|BlogPost\/feed|Comment\/(?:recent|featured)|Activity(?:\/(?:recent|count))?|Tag\/(?:popular|list)|User\/(?:recent|alpha|featured|count)|Friend\/(?:recent|alpha))$/;
/**
 * The reads whose reply is the same for every caller of a public network, signed in or not:
 * the Atom feeds, which show what a visitor may read whoever asks. Their routes say so
 * (`sameForEveryone`), and a reply built for a member is kept for visitors too.
 */
const SAME_FOR_EVERYONE = /^BlogPost\/feed$/;
/**
 * Listings that show a member their own e-mail and answers where others of their audience see
 * none: what one kept for members is answered to a member only when it does not list them
 * (`listsMembers` says whom it lists). Moderators see everyone's alike.
 */
const MEMBER_LISTINGS = /^User\/(?:recent|alpha|featured)$/;
/** Most viewers of a network whose extras are kept at once. */
const MAX_VIEWERS = 100_000;
/** Most addresses of a network remembered as never kept for an audience (NetworkState.unshared); the first remembered go first. */
const MAX_UNSHARED = 1_000;

interface NetworkState {
  id: number;
  generation: number;
  /** When the next scheduled post of the network becomes due: undefined until looked up, null when none is. */
  dueAt: number | null | undefined;
  /** What a viewer (by account) sees beyond their audience, until the network's next write. */
  readers: GenerationMap<number, Promise<Extras>>;
  /**
   * The addresses (`role:address`) of pages from an anchor that the audience does not see (a
   * reader's own draft, say): no reply of the audience's can be kept there until the network's
   * next write or a scheduled post falling due, so a reader asking goes the whole way at once,
   * rather than building a reply, and reading their extras again, only to find it cannot be kept.
   */
  unshared: GenerationMap<string, true>;
}

/** A signed-in reader who may share their audience's replies. */
interface Reader {
  audience: SharedAudience;
  /** `owner`, `admin` or `member`: permissions differ where visibility does not (the `private` filter). */
  role: string;
  accountId: number;
  /** The reply may show this reader something of their own (MEMBER_LISTINGS read by a member, FRIEND_LISTINGS). */
  listed: boolean;
  /** The endpoint (`Type/path`) and the query's parameters, to weigh the reader's extras against. */
  endpoint: string;
  params: Params;
  /**
   * `no` when the reader's extras cannot show in the audience's reply; `firstPage` or
   * `lastPage` when they lie only beyond the page's anchor: the audience's reply is theirs
   * only when it says that flag is false (Entry.page); what they build is kept only when the
   * audience sees the anchor's own row on that side.
   */
  showing: Exclude<Showing, 'yes'>;
}

interface Entry {
  network: NetworkState;
  generation: number;
  storedAt: number;
  etag: string | undefined;
  /** The endpoint's route pattern, for metrics. */
  route: string;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
  /** The body gzipped once, for clients that accept it; none when too small to be worth it. */
  gzipped?: Buffer;
  /** What keeping it costs: the body, the headers and the key, in bytes (UTF-16 for strings). */
  size: number;
  /** The members whose own view of it differs (a member listing kept for members): answered to them the whole way. */
  notFor?: ReadonlySet<number>;
  /** A page after or before an anchor, kept for an audience: its flags, for readers whose extras lie beyond the anchor. */
  page?: { firstPage: boolean; lastPage: boolean };
}

/** An answer being built, which other requests for the same address wait for. */
interface Build {
  network: NetworkState;
  generation: number;
  done: Promise<Entry | undefined>;
  /** Whose reply is built for their audience; none for a visitor's. */
  reader?: Reader;
}

export interface ResponseCache {
  /** Middleware, first in the stack: answers from the cache, or lets the request through and keeps its reply. */
  middleware: RequestHandler;
  /** Drops the replies kept of a network, or of all: for writes no change announced. */
  drop(scope: Scope): void;
  /** How many replies are kept (tests, metrics). */
  readonly size: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { db } = options;
  const budget = options.budget ?? processCaches;
  const entries = new Map<string, Entry>();
  const builds = new Map<string, Build>();
  const networks = new Map<number, NetworkState>();

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    budget.release(entry);
  };

  const apply = (change: Scope) => {
    if (change === 'all') {
      for (const state of networks.values()) forget(state);
    } else {
      const state = networks.get(change);
      if (state) forget(state);
    }
  };
  const forget = (state: NetworkState) => {
    state.generation++;
    state.dueAt = undefined;
    state.readers.clear();
    state.unshared.clear();
    // Builds started before the change must not be joined by requests that come after it.
    for (const [key, build] of builds) if (build.network === state) builds.delete(key);
  };
  // A member's profile (name, picture) shows on every network the account belongs to. A
  // credential that ends shows in no reply: its caller is identified afresh (caller-cache.ts).
  options.changes.subscribe((change) => {
    if (change.kind !== 'Credentials') apply(change.kind === 'Member' ? 'all' : change.networkId);
  });

  const stateOf = (networkId: number) => {
    let state = networks.get(networkId);
    if (!state) networks.set(networkId, (state = { id: networkId, generation: 0, dueAt: undefined, readers: new GenerationMap(MAX_VIEWERS), unshared: new GenerationMap(MAX_UNSHARED) }));
    return state;
  };

  /** What the reader sees beyond their audience; read once per viewer and generation of the network. */
  const extrasFor = (state: NetworkState, reader: Pick<Reader, 'accountId' | 'audience'>): Promise<Extras> => {
    const { readers } = state;
    const kept = readers.get(reader.accountId);
    if (kept) return kept;
    const asked = extrasOf(db, state.id, reader.accountId, reader.audience, Date.now());
    readers.set(reader.accountId, asked);
    asked.catch(() => readers.get(reader.accountId) === asked && readers.delete(reader.accountId));
    return asked;
  };

  /** Forgets what is kept of the network's replies once a scheduled post of it is due, as a write would. */
  const passDue = (state: NetworkState, now: number) => {
    if (state.dueAt != null && now >= state.dueAt) forget(state);
  };

  const fresh = (entry: Entry, now: number) => {
    passDue(entry.network, now);
    return entry.generation === entry.network.generation && now - entry.storedAt < MAX_AGE_MS;
  };

  const store = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) drop(key, old);
    if (budget.hold(entry, entry.size, () => entries.get(key) === entry && entries.delete(key))) entries.set(key, entry);
  };

  const nextDue = async (state: NetworkState, generation: number, now: number) => {
    const row = await db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.min('publish_time').as('due'))
      .where('network_id', '=', state.id)
      .where('publish_status', '=', 'publish')
      .where('publish_time', '>', now)
      .executeTakeFirst();
    if (state.generation === generation && state.dueAt === undefined) state.dueAt = row?.due == null ? null : Number(row.due);
  };

  const serve = (req: Request, res: Response, entry: Entry, startedAt: bigint) => {
    if (notModified(req.headers, { etag: entry.etag, lastModified: entry.headers['last-modified'] as string | undefined })) {
      res.writeHead(304, withoutBody(entry.headers));
      res.end();
    } else if (entry.gzipped && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.writeHead(200, { ...entry.headers, 'content-encoding': 'gzip', 'content-length': entry.gzipped.length });
      res.end(entry.gzipped);
    } else {
      res.writeHead(200, entry.headers);
      res.end(entry.body);
    }
    options.onHit?.(req, res, startedAt, entry.route);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET') return next();
    const m = REST_PATH.exec(req.originalUrl);
    // OAuth parameters in the query sign the request: not a visitor's.
    if (!m || m[3]?.includes('oauth_')) return next();
    const startedAt = process.hrtime.bigint();
    // Links in a reply start with the public origin, which a trusted proxy may vary.
    const addressOf = () => `${req.publicOrigin}/${m[1]!.toLowerCase()}/${m[2]}?${normalQuery(m[3])}`;
    if (anonymous(req.headers)) return answer(req, res, next, addressOf(), startedAt, m[1]!);
    if (!AUDIENCE_ENDPOINTS.test(m[2]!) || !signedIn(req.headers)) return next();
    const subdomain = decoded(m[1]!);
    if (subdomain === undefined) return next();
    options
      .identify(req, subdomain)
      .then(async () => {
        const network = req.network;
        // Identified first, so a credential that is refused is refused as anywhere else.
        if (SAME_FOR_EVERYONE.test(m[2]!)) {
          if (req.refusal || !network || network.is_private) return next();
          return answer(req, res, next, addressOf(), startedAt, stateOf(network.id));
        }
        const identified = identifiedReader(req);
        if (!identified || !network) return next();
        const params = Params.ofQuery(req);
        // The friends of the member `author` names are the same for every reader but that member,
        // who sees their requests and blocks too (whatever their audience), and the route says
        // whose list it is (`listsMembers`); without `author` the list is the caller's own.
        const friends = FRIEND_LISTINGS.test(m[2]!);
        if (friends && !namesAnother(params, req.caller!.viewer.screenName)) return next();
        const state = stateOf(network.id);
        const generation = state.generation;
        const extras = await extrasFor(state, identified);
        // A write that lands meanwhile may have given the reader something of their own.
        if (state.generation !== generation) return next();
        const showing = none(extras) ? 'no' : couldShow(extras, m[2]!, params);
        const listed = friends || (identified.audience === 'members' && MEMBER_LISTINGS.test(m[2]!));
        const reader: Reader = { ...identified, listed, endpoint: m[2]!, params, showing: 'no' };
        if (showing === 'yes') {
          const counted = extras.many ? undefined : countedFilters(m[2]!, params);
          return counted ? countWithExtras(req, res, next, `${reader.role}:${addressOf()}`, startedAt, state, reader, extras, counted) : next();
        }
        answer(req, res, next, `${reader.role}:${addressOf()}`, startedAt, state, { ...reader, showing });
      })
      .catch(next);
  };

  /**
   * Counts a request the cache answers (from an entry, or from a build it joins) against its
   * caller, then goes on; past its caller's limit it is refused. A joined build that turns out
   * not to be this reader's sends the request the whole way, where it is not counted again.
   */
  const admitted = (req: Request, res: Response, next: NextFunction, go: () => void) => {
    if (!options.admit) return go();
    options.admit(req).then(
      () => {
        res.locals.admitted = true;
        go();
      },
      (error: unknown) => (options.refuse ? options.refuse(req, res, error) : next(error)),
    );
  };

  /** Answers from the entry kept at `key`, or joins its build, or builds it; a visitor's network is known by its name until then. */
  const answer = (req: Request, res: Response, next: NextFunction, key: string, startedAt: bigint, network: NetworkState | string, reader?: Reader) => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry) {
      if (reader && !servableTo(entry, reader)) return next();
      if (fresh(entry, now)) {
        budget.use(entry);
        return admitted(req, res, next, () => serve(req, res, entry, startedAt));
      }
      drop(key, entry);
    }
    const build = builds.get(key);
    if (build && build.network.generation === build.generation) {
      const servable = (built: Entry | undefined): built is Entry => built !== undefined && !(reader && !servableTo(built, reader));
      return admitted(req, res, next, () =>
        void build.done.then((built) => (servable(built) && !res.headersSent ? serve(req, res, built, startedAt) : next()), next),
      );
    }
    // A reader whose extras lie beyond the anchor builds a reply whose flag may be theirs alone:
    // kept only when the anchor's row shows it is the audience's too (see finish).
    if (reader && reader.showing !== 'no') {
      if (!anchorRow(reader.endpoint, reader.params)) return next();
      if (typeof network !== 'string') {
        passDue(network, now);
        if (network.unshared.get(key)) return next();
      }
    }
    if (typeof network !== 'string') return rebuild(req, res, next, key, network, reader);
    // A visitor is identified first: a reply from a private network, or a refusal, is not kept,
    // and goes the whole way as any other (compressed on the way).
    const subdomain = decoded(network);
    if (subdomain === undefined) return next();
    options
      .identify(req, subdomain)
      .then(() => {
        const visited = req.network;
        if (req.refusal || !visited || visited.is_private || req.caller?.viewer.accountId !== null) return next();
        // Another visitor's request may have begun the build meanwhile: joined, not built twice.
        answer(req, res, next, key, startedAt, stateOf(visited.id));
      })
      .catch(next);
  };

  /**
   * A content count for a reader whose extras it counts: the audience's count kept at `key`,
   * plus the extras the reader's count counts beyond it, read at once; the whole way when the
   * audience's is not kept, or when a scheduled post of the network may have become due since
   * it was (its due time is not known yet: see fresh).
   */
  const countWithExtras = (
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    startedAt: bigint,
    state: NetworkState,
    reader: Reader,
    extras: Extras,
    counted: NonNullable<ReturnType<typeof countedFilters>>,
  ) => {
    const now = Date.now();
    const entry = entries.get(key);
    const network = req.network;
    const viewer = req.caller?.viewer;
    if (!entry || !network || !viewer || !servableTo(entry, reader) || !fresh(entry, now) || state.dueAt === undefined) return next();
    const audienceCount = countIn(entry.body);
    if (audienceCount === undefined) return next();
    const ids = extras.items.filter((item) => item.type === counted.type).map((item) => item.id);
    const extra = ids.length === 0 ? Promise.resolve(0) : countedExtras(db, { viewer, network, now }, reader.audience, counted.type, ids, counted.filters);
    extra
      .then((n) => {
        // A write that landed meanwhile may have changed either count.
        if (state.generation !== entry.generation) return next();
        budget.use(entry);
        admitted(req, res, next, () => {
          for (const [name, value] of Object.entries(entry.headers)) if (!RECOUNTED.has(name)) res.setHeader(name, value);
          sendSuccess(req, res, { count: audienceCount + n });
          options.onHit?.(req, res, startedAt, entry.route);
        });
      })
      .catch(next);
  };

  /**
   * Lets the request through the whole stack and keeps its reply when it is the same for every
   * visitor, or every reader of the audience. The network's generation is read before any query
   * of the reply runs, so a write that lands meanwhile keeps the reply out of the cache.
   */
  const rebuild = (req: Request, res: Response, next: NextFunction, key: string, state: NetworkState, reader?: Reader) => {
    let resolve!: (entry: Entry | undefined) => void;
    const build: Build = { network: state, generation: state.generation, done: new Promise((r) => (resolve = r)), reader };
    // Visibility only grows with time but for writes (which end the build's generation): what the
    // audience saw when the build began, it saw all through it.
    const begun = Date.now();
    builds.set(key, build);
    // The reply is kept as it is and compressed once when kept, so this request's own reply
    // goes out uncompressed: compressed on the way, it could not be kept.
    delete req.headers['accept-encoding'];
    let body: Buffer | undefined;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as { end: unknown }).end = (chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (typeof chunk === 'string') body = Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      else if (Buffer.isBuffer(chunk)) body = chunk;
      return end(chunk, encoding, callback);
    };
    // The build stays joinable until it is decided, so requests that come meanwhile wait for it.
    const settle = (entry: Entry | undefined) => {
      if (builds.get(key) === build) builds.delete(key);
      resolve(entry);
    };
    const finish = async () => {
      const network = req.network;
      const caller = req.caller;
      const current = () => state.generation === build.generation;
      const keep =
        res.statusCode === 200 &&
        body !== undefined &&
        body.length <= MAX_ENTRY_BYTES &&
        !res.getHeader('set-cookie') &&
        network !== undefined &&
        caller !== undefined &&
        !req.refusal &&
        current() &&
        (reader
          ? caller.viewer.accountId === reader.accountId && network.id === state.id
          : !network.is_private && (caller.viewer.accountId === null || res.locals.sameForEveryone === true) && network.id === state.id);
      // A member listing that shows its reader their own entry is theirs alone.
      const listed = reader?.listed ? (res.locals.listedMembers as number[] | undefined) : undefined;
      if (!keep || (reader?.listed && (!listed || listed.includes(reader.accountId)))) return settle(undefined);
      // What the reply showed was read before this: anything of the reader's own it could
      // have shown, this sees too, and it must not be able to show in this reply.
      if (reader) {
        const extras = await extrasOf(db, state.id, reader.accountId, reader.audience, Date.now());
        const showing = none(extras) ? 'no' : couldShow(extras, reader.endpoint, reader.params);
        if (showing === 'yes' || !current()) return settle(undefined);
        // Extras beyond the anchor set the flag of that side, which the audience's reply sets
        // alike when the audience sees the anchor's own row there.
        if (showing !== 'no') {
          const row = anchorRow(reader.endpoint, reader.params);
          const seen = row !== undefined && (await audienceSees(db, state.id, row, reader.audience, begun));
          if (!current()) return settle(undefined);
          if (!seen) {
            state.unshared.set(key, true);
            if (state.dueAt === undefined) void nextDue(state, state.generation, Date.now()).catch(() => {});
            return settle(undefined);
          }
          if (pageFlags(body!)?.[showing] !== false) return settle(undefined);
        }
      }
      // Says, on every reply the cache answers, that it came from there.
      const headers: Entry['headers'] = { 'x-cache': 'hit' };
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !PER_EXCHANGE.has(name)) headers[name] = value;
      }
      const gzipped = body!.length >= COMPRESS_FROM_BYTES && !headers['content-encoding'] ? zlib.gzipSync(body!) : undefined;
      if (gzipped) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      const entry: Entry = {
        network: state,
        generation: build.generation,
        storedAt: Date.now(),
        etag: res.getHeader('etag') as string | undefined,
        route: `/xn/rest/:network/1.0${typeof req.route?.path === 'string' ? req.route.path : ''}`,
        headers,
        body: body!,
        gzipped,
        size: body!.length + (gzipped?.length ?? 0) + 2 * (key.length + JSON.stringify(headers).length) + 8 * (listed?.length ?? 0),
        notFor: listed && new Set(listed),
        page: reader?.params.has('anchor') ? pageFlags(body!) : undefined,
      };
      store(key, entry);
      settle(entry);
    };
    let finished = false;
    res.once('finish', () => {
      finished = true;
      finish().catch(() => settle(undefined));
    });
    res.once('close', () => finished || settle(undefined));
    if (state.dueAt === undefined) void nextDue(state, state.generation, Date.now()).catch(() => {});
    next();
  };

  return {
    middleware,
    drop: apply,
    get size() {
      return entries.size;
    },
  };
}

/** A network's name as a path has it, decoded; undefined when it does not decode. */
function decoded(name: string): string | undefined {
  try {
    return decodeURIComponent(name);
  } catch {
    return undefined;
  }
}

/** No credential of any kind: no Authorization header, no session cookie, no OAuth parameters. */
export function anonymous(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return false;
  const cookie = headers.cookie;
  if (cookie !== undefined && cookie.includes('xn_session')) return false;
  // A GET with a body could carry parameters (even OAuth ones) outside the URL.
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}

/** A session cookie or a bearer token, and no body: the credentials an audience's reader is identified by before the lookup. */
function signedIn(headers: IncomingHttpHeaders): boolean {
  if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  const authorization = headers.authorization;
  if (authorization !== undefined) return /^\s*Bearer\s/i.test(authorization);
  return headers.cookie?.includes('xn_session') === true;
}

/** The caller as a reader of their audience's replies: an active member of the network, identified without refusal. */
function identifiedReader(req: Request): Pick<Reader, 'audience' | 'role' | 'accountId'> | undefined {
  const viewer: Viewer | undefined = req.caller?.viewer;
  if (req.refusal || !viewer || viewer.accountId === null || viewer.state !== 'active' || viewer.role === null) return undefined;
  return { audience: isAdmin(viewer) ? 'moderators' : 'members', role: viewer.role, accountId: viewer.accountId };
}

/** Whether a friend listing's query names a member (`author`, read as the endpoint reads it) other than the reader. */
function namesAnother(params: Params, screenName: string | null): boolean {
  const author = params.one('author')?.trim();
  return author !== undefined && author !== '' && author !== screenName;
}

/** Whether a reply kept for the reader's audience is theirs: it does not list them, and their extras beyond its anchor change none of its flags. */
function servableTo(entry: Entry, reader: Reader): boolean {
  if (entry.notFor?.has(reader.accountId)) return false;
  return reader.showing === 'no' || (entry.page !== undefined && entry.page[reader.showing] === false);
}

/** The count of a count's reply; none when it is not one. */
function countIn(body: Buffer): number | undefined {
  try {
    const reply = JSON.parse(body.toString('utf8')) as { count?: unknown };
    return typeof reply.count === 'number' ? reply.count : undefined;
  } catch {
    return undefined;
  }
}

/** The flags of a listing's page, from its reply; none when it is not one. */
function pageFlags(body: Buffer): Entry['page'] {
  try {
    const reply = JSON.parse(body.toString('utf8')) as { firstPage?: unknown; lastPage?: unknown };
    return typeof reply.firstPage === 'boolean' && typeof reply.lastPage === 'boolean' ? { firstPage: reply.firstPage, lastPage: reply.lastPage } : undefined;
  } catch {
    return undefined;
  }
}

/** Says whom a member listing lists (their account ids), for the replies kept by audience. */
export function listsMembers(res: Response, accountIds: number[]): void {
  res.locals.listedMembers = accountIds;
}

/** Says that the reply is what a visitor would read whoever asks (SAME_FOR_EVERYONE), so a member's may be kept for all. */
export function sameForEveryone(res: Response): void {
  res.locals.sameForEveryone = true;
}

/** The query with its parameters ordered by name (values of one name keep their order). */
function normalQuery(query: string | undefined): string {
  if (!query) return '';
  const pairs = query.split('&');
  if (pairs.length === 1) return query;
  const named = pairs.map((pair, i) => {
    const eq = pair.indexOf('=');
    return { pair, name: eq < 0 ? pair : pair.slice(0, eq), i };
  });
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.i - b.i));
  return named.map((p) => p.pair).join('&');
}

function withoutBody(headers: Entry['headers']): Entry['headers'] {
  const rest = { ...headers };
  delete rest['content-length'];
  delete rest['content-type'];
  return rest;
}

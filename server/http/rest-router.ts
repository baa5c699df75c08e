// Mounts the route tables of every resource under /xn/rest/{network}/1.0/, behind
// `identifyCaller` and the rate limiter. For each request: check the endpoint's permission,
// read its parameters, run its handler and wrap the result in the success envelope.
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps, Ctx, Endpoint } from './endpoint';
import { ApiError } from '../lib/errors';
import { Params } from './params';
import { sendSuccess } from './envelope';
import { authorize, authorizeParameters } from './auth';
import { receiveUpload } from './upload';
import { selectFields } from './fields';
import { findNetwork } from '../resources/networks/store';
import type { Network } from '../db/schema';
import { GenerationMap } from '../lib/generation-map';

type RouterDeps = AppDeps & Pick<Ctx, 'signIns' | 'kept'>;

/** Most network rows kept; the first read go first. */
const MAX_NETWORK_ROWS = 1000;

export interface NetworkRows {
  find(subdomain: string): Promise<Network | undefined>;
  /** Forgets every row (after a write no change announced). */
  drop(): void;
}

/**
 * Network rows by subdomain, read once and kept until a change of a network's settings is
 * announced on the change bus (by this instance or another).
 */
export function networkRows(deps: AppDeps): NetworkRows {
  // A row read while a change lands is not kept: it may be the row from before.
  const rows = new GenerationMap<string, Network>(MAX_NETWORK_ROWS);
  const drop = () => rows.clear();
  deps.changes.subscribe((change) => {
    if (change.kind === 'Network') drop();
  });
  return {
    // Unknown names are not kept: anyone could fill the map with them.
    async find(subdomain) {
      return rows.get(subdomain) ?? rows.read(subdomain, () => findNetwork(deps.db, subdomain));
    },
    drop,
  };
}

/** The network a REST path names, for `identifyCaller`. */
export function networkOfRestPath(networks: NetworkRows, req: Request) {
  return networkNamed(networks, String(req.params.network ?? ''));
}

/** The network of that subdomain (any case); 404 when there is none. */
export async function networkNamed(networks: NetworkRows, name: string) {
  const subdomain = name.toLowerCase();
  // No network is named with NUL, and PostgreSQL would refuse to compare one.
  const network = subdomain.includes('\0') ? undefined : await networks.find(subdomain);
  if (!network) throw new ApiError('noSuchNetwork', `No network '${subdomain}'.`);
  return network;
}

/**
 * The REST service's dispatcher: one lookup by method and path in the route table (every
 * path is fixed, so no pattern is tried in turn). As Express's router did, paths compare
 * without regard to case or a trailing slash, and a GET row answers HEAD too.
 */
export function restRouter(deps: RouterDeps, endpoints: Endpoint[]): RequestHandler {
  const rows = new Map(endpoints.map((e) => [routeKey(e.method, `/${e.path}`), { e, route: { path: `/${e.path}` } }]));
  return async (req, res) => {
    const row = rows.get(routeKey(req.method === 'HEAD' ? 'GET' : req.method, req.path));
    if (!row) throw new ApiError('noSuchEndpoint', `No endpoint ${req.method} ${req.path}.`);
    const { e } = row;
    // What Express's router sets: the metrics and the response cache label requests by it.
    req.route = row.route;
    const ctx = await contextFor(deps, req, res, e);
    const params = ctx.params.parse(e.params);
    authorizeParameters(e.restricted, (name) => (params as Record<string, unknown>)[name] !== undefined, ctx.viewer);
    // A `fields` naming what the entries do not have is refused before any query runs.
    if (e.presenter) selectFields(e.presenter, (params as { fields?: string }).fields);
    const body = await e.handle(ctx, params);
    if (e.reply !== 'stream' && e.reply !== 'atom') sendSuccess(req, res, body);
  };
}

const routeKey = (method: string, path: string) => `${method} ${(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase()}`;

async function contextFor(deps: RouterDeps, req: Request, res: Response, e: Endpoint): Promise<Ctx> {
  const network = req.network!;
  const caller = req.caller!;
  authorize(e.allow, caller, network);
  if (e.upload) await receiveUpload(req, res, e.upload);
  const now = Date.now();
  // Written out rather than spread from `deps`, so every context is built with one shape.
  return {
    db: deps.db,
    dialect: deps.dialect,
    anchors: deps.anchors,
    log: deps.log,
    changes: deps.changes,
    live: deps.live,
    mailer: deps.mailer,
    secrets: deps.secrets,
    signIns: deps.signIns,
    kept: deps.kept,
    network,
    viewer: caller.viewer,
    consumerId: caller.consumerId,
    now,
    address: req.ip ?? null,
    params: Params.fromRequest(req),
    present: { origin: req.publicOrigin, networkSubdomain: network.subdomain, networkId: network.id, now },
    req,
    res,
  };
}

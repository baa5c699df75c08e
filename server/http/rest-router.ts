// Mounts the route tables of every resource under /xn/rest/{network}/1.0/, behind
// `identifyCaller` and the rate limiter. For each request: check the endpoint's permission,
// read its parameters, run its handler and wrap the result in the success envelope.
import express, { type Request, type Response } from 'express';
import type { AppDeps, Ctx, Endpoint } from './endpoint';
import type { SignInThrottle } from './rate-limit';
import { notFound } from './errors';
import { Params } from './params';
import { sendSuccess } from './envelope';
import { authorize, authorizeParameters } from './auth';
import { receiveUpload } from './upload';
import { findNetwork } from '../resources/networks/store';

/** The network a REST path names, for `identifyCaller`. */
export async function networkOfRestPath(deps: AppDeps, req: Request) {
  const subdomain = String(req.params.network ?? '').toLowerCase();
  // No network is named with NUL, and PostgreSQL would refuse to compare one.
  const network = subdomain.includes('\0') ? undefined : await findNetwork(deps.db, subdomain);
  if (!network) throw notFound(`No network '${subdomain}'.`, 2);
  return network;
}

export function restRouter(deps: AppDeps & { signIns: SignInThrottle }, endpoints: Endpoint[]): express.Router {
  const router = express.Router({ mergeParams: true });
  for (const e of endpoints) {
    const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](`/${e.path}`, async (req: Request, res: Response) => {
      const ctx = await contextFor(deps, req, res, e);
      const params = ctx.params.parse(e.params);
      authorizeParameters(e.restricted, (name) => (params as Record<string, unknown>)[name] !== undefined, ctx.viewer);
      const body = await e.handle(ctx, params);
      if (e.reply !== 'stream') sendSuccess(req, res, body);
    });
  }
  router.use((req: Request) => {
    throw notFound(`No endpoint ${req.method} ${req.path}.`, 3);
  });
  return router;
}

async function contextFor(deps: AppDeps & { signIns: SignInThrottle }, req: Request, res: Response, e: Endpoint): Promise<Ctx> {
  const network = req.network!;
  const caller = req.caller!;
  authorize(e.allow, caller, network);
  if (e.upload) await receiveUpload(req, res, e.upload);
  return {
    ...deps,
    network,
    viewer: caller.viewer,
    consumerId: caller.consumerId,
    now: Date.now(),
    address: req.ip ?? null,
    params: Params.fromRequest(req),
    present: { origin: req.publicOrigin, networkSubdomain: network.subdomain, networkId: network.id },
    req,
    res,
  };
}

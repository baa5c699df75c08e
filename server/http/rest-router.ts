// Mounts the route tables of every resource under /xn/rest/{network}/1.0/. For each request:
// find the network, identify the caller, count the request against the caller's rate limit,
// check the endpoint's permission, read its parameters, run its handler and wrap the result
// in the success envelope.
import express, { type Request, type Response } from 'express';
import type { AppDeps, Ctx, Endpoint } from './endpoint';
import { notFound } from './errors';
import { Params } from './params';
import { sendSuccess } from './envelope';
import { authenticate, authorize } from './auth';
import { callerKey, type RateLimit } from './rate-limit';
import { receiveUpload } from './upload';

export function restRouter(deps: AppDeps, endpoints: Endpoint[], limit: RateLimit): express.Router {
  const router = express.Router({ mergeParams: true });
  for (const e of endpoints) {
    const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](`/${e.path}`, async (req: Request, res: Response) => {
      const ctx = await contextFor(deps, limit, req, res, e);
      const body = await e.handle(ctx, ctx.params.parse(e.params));
      sendSuccess(req, res, body);
    });
  }
  router.use(async (req: Request) => {
    await findNetwork(deps, req);
    throw notFound(`No endpoint ${req.method} ${req.path}.`, 3);
  });
  return router;
}

async function findNetwork(deps: AppDeps, req: Request) {
  const subdomain = String(req.params.network ?? '').toLowerCase();
  // No network is named with NUL, and PostgreSQL would refuse to compare one.
  const network = subdomain.includes('\0')
    ? undefined
    : await deps.db.selectFrom('networks').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
  if (!network) throw notFound(`No network '${subdomain}'.`, 2);
  return network;
}

async function contextFor(deps: AppDeps, limit: RateLimit, req: Request, res: Response, e: Endpoint): Promise<Ctx> {
  const now = Date.now();
  const network = await findNetwork(deps, req);
  // Counted once the credential is verified, so made-up credentials cannot dodge the limit;
  // requests whose credentials fail count against the address.
  const caller = await authenticate(req, deps.db, network, now).catch(async (error: unknown) => {
    await limit.consume(callerKey(req));
    throw error;
  });
  await limit.consume(callerKey(req, caller));
  authorize(e.allow, caller, network);
  if (e.upload) await receiveUpload(req, res, e.upload);
  return {
    ...deps,
    network,
    viewer: caller.viewer,
    consumerId: caller.consumerId,
    now,
    params: Params.fromRequest(req),
    present: { origin: `${req.protocol}://${req.get('host')}`, networkSubdomain: network.subdomain, networkId: network.id },
    req,
    res,
  };
}

// Builds the Express app: the REST service under /xn/rest with its OpenAPI document, health,
// and the built web app with its client-side routes. No listen here, so tests and main.ts
// share it.
import path from 'node:path';
import crypto from 'node:crypto';
import express from 'express';
import compression from 'compression';
import type { Logger } from 'pino';
import type { Db, Dialect } from './db/database';
import { AnchorCodec } from './http/anchor';
import { errorHandler, sendError, sendJson } from './http/envelope';
import { ApiError } from './lib/errors';
import { KeptRows } from './lib/kept-rows';
import { networkNamed, networkOfRestPath, networkRows, restRouter } from './http/rest-router';
import { openApiDocument } from './http/openapi';
import { identify, identifyCaller } from './http/auth';
import { callerCache } from './http/caller-cache';
import { callerKey, limitRequests, type RateLimit, type SignInThrottle } from './http/rate-limit';
import type { Metrics } from './http/metrics';
import type { ChangeBus } from './lib/changes';
import type { LiveStreams } from './resources/live/streams';
import type { Mailer } from './lib/mailer';
import type { SecretBox } from './lib/secret-box';
import { operationsRouter, type Lifecycle } from './http/operations';
import { redactUrl, requestLog } from './http/request-log';
import { webAppRouter } from './http/web-app';
import { securityHeaders } from './http/security-headers';
import { FORM_LIMITS } from './http/upload';
import { createResponseCache, type ResponseCache } from './http/response-cache';
import { conditionalRequests } from './http/conditional';
import { endpoints } from './resources';
import { networkOfImage, photoImageRouter } from './resources/photos/images';
import { iconRouter } from './resources/users/icons';

export interface AppOptions {
  db: Db;
  dialect: Dialect;
  log: Logger;
  secret: string;
  /** Express's `trust proxy`: false, a number of hops, or the proxies' addresses (TRUST_PROXY). */
  trustProxy?: number | string[] | false;
  /** PUBLIC_URL: the origin of absolute links in replies. */
  publicUrl?: string;
  /** The address the server listens at (known once it listens), for links when there is no PUBLIC_URL. */
  listeningUrl: () => string;
  /** Per-caller request limits of the REST service. */
  rateLimit: RateLimit;
  /** Failed sign-ins per account and address. */
  signIns: SignInThrottle;
  /** Folder of the built web app; served when it exists. */
  webDir?: string;
  /** The network the web app's `/` opens. */
  defaultNetwork: string;
  metrics: Metrics;
  lifecycle: Lifecycle;
  metricsToken?: string;
  changes: ChangeBus;
  live: LiveStreams;
  mailer: Mailer;
  secrets: SecretBox;
}


/**
 * Where absolute links point: PUBLIC_URL when configured; else the scheme and host a trusted
 * proxy reports (X-Forwarded-Proto/-Host, only from a proxy TRUST_PROXY names); else the
 * listening address. A client's own Host header never decides a link.
 */
function publicOrigin(req: express.Request, options: Pick<AppOptions, 'publicUrl' | 'listeningUrl'>): string {
  if (options.publicUrl) return options.publicUrl;
  const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  if (req.get('x-forwarded-host') && trusted(req.socket.remoteAddress ?? '', 0)) {
    return `${req.protocol}://${req.host}`;
  }
  return options.listeningUrl();
}

export function createApp(options: AppOptions): { app: express.Express; dropCached: ResponseCache['drop'] } {
  const { db, dialect, log } = options;
  const deps = { db, dialect, log, anchors: new AnchorCodec(options.secret), changes: options.changes, live: options.live, mailer: options.mailer, secrets: options.secrets };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');
  conditionalRequests(app);

  const networks = networkRows(deps);
  const auth = { ...deps, callers: callerCache(options.changes) };
  const kept = new KeptRows(options.changes);
  const cache = createResponseCache({
    db,
    changes: options.changes,
    // A request counts against its caller (a visitor: its address) whether or not the cache answers it.
    admit: options.rateLimit.enabled ? (req) => options.rateLimit.consume(callerKey(req)) : undefined,
    identify: (req, subdomain) => identify(req, auth, () => networkNamed(networks, subdomain)),
    refuse: (req, res, error) => sendError(req, res, error instanceof ApiError ? error : new ApiError('internal', 'Internal error.')),
    onHit: (req, res, startedAt, route) => {
      options.metrics.observe(req.method, route, res.statusCode, startedAt);
      if (log.isLevelEnabled('info')) {
        const responseTime = Number(process.hrtime.bigint() - startedAt) / 1e6;
        log.info(
          { reqId: req.id, req: { method: req.method, url: redactUrl(req.originalUrl) }, res: { statusCode: res.statusCode }, responseTime, cached: true },
          `${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode}`,
        );
      }
    },
  });

  const stamp: express.RequestHandler = (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    // A stopping server finishes what it has, and asks clients not to send more on this connection.
    if (options.lifecycle.draining) res.setHeader('Connection', 'close');
    req.publicOrigin = publicOrigin(req, options);
    next();
  };
  const logged = requestLog(app, log);
  const secured = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // Images of this site under the address its links name too, and any https: host (members' icons); no plain http: host.
        'img-src': ["'self'", 'data:', 'https:', (req) => (req as express.Request).publicOrigin],
        'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        // Served over plain HTTP (HOST=0.0.0.0 on a LAN address), upgrading the app's own
        // scripts to an https:// nobody answers would leave a blank page.
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Compresses what is worth it (gzip or brotli, as the client accepts); event streams send
  // Cache-Control: no-transform and pass through as they come. A client that accepts no
  // encoding (most programs) skips the middleware: its reply is the uncompressed one either
  // way, only without a `Vary: Accept-Encoding` that a reply valid for every client needs not.
  const compress = compression();
  const compressed: express.RequestHandler = (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
  /** What every request goes through first, in this order. */
  const common = [stamp, cache.middleware, logged, options.metrics.middleware, secured, compressed];

  const limited = limitRequests(options.rateLimit);
  const rest = [identifyCaller(auth, (req) => networkOfRestPath(networks, req)), limited, restRouter({ ...deps, signIns: options.signIns, kept }, endpoints)];
  const answerError = errorHandler(log);
  // A REST GET without a body goes through the same middlewares as through Express's router,
  // in the same order, without the router looking for them: the routes between (operations,
  // the form parser, the OpenAPI document) answer none of these. Anything else, and any path
  // Express would read otherwise (another case, an undecodable network), takes the router.
  const restGet = [...common, enterRestMount, ...rest];
  app.use((req, res, next) => {
    if (req.method !== 'GET' || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return next();
    const m = REST_GET.exec(req.url);
    if (!m || decoded(m[1]!) === undefined) return next();
    inTurn(restGet, req, res, (error) => {
      req.url = req.originalUrl;
      req.baseUrl = '';
      if (error === undefined) sendError(req, res, new ApiError('noSuchEndpoint', `No endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`));
      else answerError(error, req, res, () => {});
    });
  });
  for (const handler of common) app.use(handler);

  app.use(operationsRouter({ db, metrics: options.metrics, lifecycle: options.lifecycle, metricsToken: options.metricsToken }));

  app.use(
    '/xn/rest',
    express.urlencoded({
      extended: false,
      limit: FORM_LIMITS.bytes,
      parameterLimit: FORM_LIMITS.parameters,
      verify: (req, _res, buf) => {
        (req as express.Request).rawForm = buf.toString('utf8');
      },
    }),
  );
  const openApi = openApiDocument(endpoints);
  app.get('/xn/rest/openapi.json', (req, res) => sendJson(req, res, 200, openApi));
  app.use('/xn/rest/:network/1.0', ...rest);
  app.use('/xn/icons', limited, iconRouter(deps));
  app.use('/xn/images/:networkId', identifyCaller(auth, (req) => networkOfImage(deps, req)), limited, photoImageRouter(deps));
  // Beside the sources, whether this runs from server/ or from the bundle in dist-server/.
  app.use('/xn/static', express.static(path.resolve(import.meta.dirname, '..', 'server', 'static'), { maxAge: '1d' }));
  app.use('/xn', (req, res) => sendError(req, res, new ApiError('noSuchEndpoint', `No endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`)));

  const webApp = options.webDir ? webAppRouter({ webDir: options.webDir, defaultNetwork: options.defaultNetwork, app }) : null;
  if (webApp) app.use(webApp);

  app.use(answerError);
  return {
    app,
    dropCached(scope) {
      cache.drop(scope);
      networks.drop();
      auth.callers.drop();
      kept.drop();
    },
  };
}

/** A REST path as Express's mount `/xn/rest/:network/1.0` reads it, written as the service writes it. */
const REST_GET = /^\/xn\/rest\/([^/?#]+)\/1\.0(?=[/?]|$)/;

/** What Express's router does entering the REST mount: the network as a parameter, the rest of the path as `req.url`. */
const enterRestMount: express.RequestHandler = (req, _res, next) => {
  const m = REST_GET.exec(req.url)!;
  req.baseUrl = m[0];
  req.params = { network: decoded(m[1]!)! };
  const rest = req.url.slice(m[0].length);
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  next();
};

/** A path segment decoded as Express decodes parameters; undefined when it does not decode. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Runs middlewares one after another as Express's router does: each goes on with `next()`; an
 * error passed to `next`, thrown or rejected ends the run with it, and so does the end of the
 * list, without one.
 */
function inTurn(handlers: express.RequestHandler[], req: express.Request, res: express.Response, done: (error?: unknown) => void): void {
  let i = 0;
  const next = (error?: unknown) => {
    if (error !== undefined && error !== null) return done(error);
    const handler = handlers[i++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.catch((rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}

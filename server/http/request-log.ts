// One structured JSON line per request, written when its response ends: request id, method,
// path, status and time taken. Credentials never reach the log: no headers are logged, and
// the values of query parameters that carry secrets are replaced before the line is written.
// A request builds nothing for the log unless a line will be written.
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Query parameters whose values are secrets (or sign with one): logged as `[redacted]`. */
const SECRET_PARAMS = /pass|secret|token|signature|session|csrf/i;

/** Probes polled every few seconds would drown the log. */
const QUIET_PATHS = new Set(['/healthz', '/livez', '/readyz', '/metrics']);

/** The request's URL with the values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is judged as written
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** The path as the client sent it (Express rewrites `req.url` inside routers). */
const pathOf = (req: Request) => req.originalUrl.split('?')[0]!;

/**
 * The request-log middleware. It also gives every request `req.log`, a logger whose lines
 * carry the request's id, made only when something logs through it.
 */
export function requestLog(app: Express, log: Logger): RequestHandler {
  const children = new WeakMap<Request, Logger>();
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      let child = children.get(this);
      if (!child) children.set(this, (child = log.child({ reqId: this.id })));
      return child;
    },
  });
  return (req, res, next) => {
    const startedAt = process.hrtime.bigint();
    res.once('close', () => {
      // A response that ended without being sent whole was aborted (the client went away).
      const aborted = !res.writableFinished;
      const level = aborted || res.statusCode >= 500 ? 'error' : 'info';
      if (!log.isLevelEnabled(level) || QUIET_PATHS.has(pathOf(req))) return;
      log[level](
        {
          reqId: req.id,
          req: { method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress },
          res: { statusCode: res.statusCode, contentLength: Number(res.getHeader('content-length') ?? 0) || undefined },
          err: aborted ? new Error('request aborted') : undefined,
          responseTime: Number(process.hrtime.bigint() - startedAt) / 1e6,
        },
        `${req.method} ${pathOf(req)} ${res.statusCode}`,
      );
    });
    next();
  };
}

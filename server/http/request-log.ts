// One structured JSON line per request (pino-http): request id, method, path, status and
// time taken. Credentials never reach the log: no headers are logged, and the values of
// query parameters that carry secrets are replaced before the line is written.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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
const pathOf = (req: IncomingMessage) => String((req as { originalUrl?: string }).originalUrl ?? req.url ?? '').split('?')[0];

export function requestLog(log: Logger) {
  const message = (req: IncomingMessage, res: ServerResponse) => `${req.method} ${pathOf(req)} ${res.statusCode}`;
  return pinoHttp({
    logger: log,
    genReqId: (req) => req.id,
    // The id as a top-level `reqId` on the request's line and on every line logged through `req.log`.
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(req)) },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: message,
    customErrorMessage: message,
    serializers: {
      req: (req: { method: string; url: string; remoteAddress?: string; raw?: IncomingMessage }) => ({
        method: req.method,
        url: redactUrl(req.raw && 'originalUrl' in req.raw ? String(req.raw.originalUrl) : req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number; raw?: ServerResponse }) => ({
        statusCode: res.statusCode,
        contentLength: Number(res.raw?.getHeader('content-length') ?? 0) || undefined,
      }),
    },
  });
}

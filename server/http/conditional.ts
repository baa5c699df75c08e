// Conditional GETs (RFC 9110 §13): a client that holds the current reply — its If-None-Match
// names the reply's ETag (weak comparison), or, without one, its If-Modified-Since is not
// older than the reply's Last-Modified — is answered 304 without the body, compressed or not.
//
// Express's own check (the `fresh` package) never answers 304 to a request that says
// `Cache-Control: no-cache`, which fetch (Node's and the browsers') adds to every request
// that carries an If-None-Match of its own. That directive asks the caches on the way to
// check with the origin; checking is what the origin does here.
import type { IncomingHttpHeaders } from 'node:http';
import type { Express, Request } from 'express';

/** True when the request's preconditions say the client already has this reply. */
export function notModified(headers: IncomingHttpHeaders, reply: { etag?: string; lastModified?: string }): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (reply.etag === undefined) return false;
    if (noneMatch.trim() === '*') return true;
    const current = opaque(reply.etag);
    return noneMatch.split(',').some((tag) => opaque(tag) === current);
  }
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined || reply.lastModified === undefined) return false;
  const since = Date.parse(modifiedSince);
  const modified = Date.parse(reply.lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** The tag without its weakness mark: If-None-Match compares weakly. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Makes `req.fresh`, which `res.send` asks before sending a body, follow `notModified`. */
export function conditionalRequests(app: Express): void {
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Request) {
      if (this.method !== 'GET' && this.method !== 'HEAD') return false;
      const status = this.res!.statusCode;
      if ((status < 200 || status >= 300) && status !== 304) return false;
      return notModified(this.headers, {
        etag: this.res!.get('ETag') ?? undefined,
        lastModified: this.res!.get('Last-Modified') ?? undefined,
      });
    },
  });
}

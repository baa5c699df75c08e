// The security headers of every reply (helmet's: Content-Security-Policy, HSTS, nosniff, ...).
// They depend on the request only through its public origin (images of this site are allowed
// from the address its links name), so helmet runs once per origin and its headers are then
// set as they came, rather than rebuilt by a dozen middlewares on every request.
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** Origins whose headers are kept; a proxy could name many, so past this they are built each time. */
const MAX_ORIGINS = 100;

type Header = [name: string, value: string | number | readonly string[]];

export function securityHeaders(options: HelmetOptions): RequestHandler {
  const apply = helmet(options);
  const byOrigin = new Map<string, Header[]>();
  const headersFor = (origin: string): Header[] => {
    const kept = byOrigin.get(origin);
    if (kept) return kept;
    const headers: Header[] = [];
    const recorder = {
      setHeader: (name: string, value: Header[1]) => headers.push([name, value]),
      // Helmet removes X-Powered-By, which the app never sets.
      removeHeader: () => {},
    };
    let done = false;
    apply({ publicOrigin: origin } as never, recorder as never, (error?: unknown) => {
      if (error) throw error;
      done = true;
    });
    // Helmet's middlewares are synchronous; anything else would be a helmet this module does not know.
    if (!done) throw new Error('helmet did not finish synchronously');
    if (byOrigin.size < MAX_ORIGINS) byOrigin.set(origin, headers);
    return headers;
  };
  return (req, res, next) => {
    for (const [name, value] of headersFor(req.publicOrigin)) res.setHeader(name, value);
    next();
  };
}

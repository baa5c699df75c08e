// Properties our middleware adds to Express requests.
import 'express-serve-static-core';
import type { Logger } from 'pino';
import type { Network } from '../db/schema';
import type { Caller } from './auth';
import type { ApiError } from '../lib/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the client's X-Request-Id when it is a plain token, else a new UUID. */
    id: string;
    /** Logs with the request id on every line (`requestLog`). */
    log: Logger;
    /** The raw application/x-www-form-urlencoded body, for OAuth signature checks. */
    rawForm?: string;
    /** The network the request addresses (`identifyCaller`). */
    network?: Network;
    /** Who is calling (`identifyCaller`). */
    caller?: Caller;
    /** Scheme, host and port of the absolute links in replies: PUBLIC_URL, a trusted proxy's, else the listening address. */
    publicOrigin: string;
    /** Why the request is refused, decided before the rate limiter counted it (`identifyCaller`). */
    refusal?: ApiError;
  }
}

// Properties our middleware adds to Express requests. (`req.id`, the request id, and
// `req.log` are declared by pino-http, which logs each request.)
import 'express-serve-static-core';

declare module 'express-serve-static-core' {
  interface Request {
    /** The raw application/x-www-form-urlencoded body, for OAuth signature checks. */
    rawForm?: string;
  }
}

// Properties our middleware adds to Express requests.
import 'express-serve-static-core';

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
    /** The raw application/x-www-form-urlencoded body, for OAuth signature checks. */
    rawForm?: string;
  }
}

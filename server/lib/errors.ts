// The one error type of the service and the table of every error a caller can see. An error
// is named for what went wrong; its name gives the HTTP status and the code/subcode pair of the
// wire contract's table, and the OpenAPI document prints the same table. One middleware
// (http/envelope.ts) turns an ApiError into the error envelope.

/** What each code of the table stands for. */
export const ERROR_CODES = {
  1: 'authentication (401)',
  2: 'authorization (403)',
  3: 'not found (404)',
  4: 'bad request (400)',
  5: 'limits',
  6: 'conflict (409)',
  9: 'server (500)',
} as const;

interface ErrorSpec {
  status: number;
  code: keyof typeof ERROR_CODES;
  subcode: number;
  meaning: string;
  /** The reason given when the thrower names none. */
  reason?: string;
}

/** Every error, by name; codes and subcodes are stable. */
export const ERRORS = {
  missingCredentials: { status: 401, code: 1, subcode: 1, meaning: 'missing or unknown credentials' },
  badSignature: { status: 401, code: 1, subcode: 2, meaning: 'bad signature' },
  staleRequest: { status: 401, code: 1, subcode: 3, meaning: 'stale timestamp or reused nonce' },
  unknownToken: { status: 401, code: 1, subcode: 4, meaning: 'unknown or revoked token, access token or consumer' },
  wrongPassword: { status: 401, code: 1, subcode: 5, meaning: 'wrong email or password' },
  notAllowed: {
    status: 403,
    code: 2,
    subcode: 1,
    meaning: 'not allowed for this caller (also: a session write without X-CSRF-Token)',
    reason: 'You are not allowed to do this.',
  },
  privateFilter: { status: 403, code: 2, subcode: 2, meaning: '`private` filter is for the Network Creator only' },
  blocked: { status: 403, code: 2, subcode: 3, meaning: 'blocked member' },
  pending: { status: 403, code: 2, subcode: 4, meaning: 'membership pending approval' },
  noSuchItem: { status: 404, code: 3, subcode: 1, meaning: 'no such item (or not visible to the caller)', reason: 'No such item.' },
  noSuchNetwork: { status: 404, code: 3, subcode: 2, meaning: 'no such network' },
  noSuchEndpoint: { status: 404, code: 3, subcode: 3, meaning: 'no such endpoint' },
  unknownField: { status: 400, code: 4, subcode: 1, meaning: 'unknown field in `fields`' },
  missingParameter: { status: 400, code: 4, subcode: 2, meaning: 'missing required parameter' },
  invalidValue: { status: 400, code: 4, subcode: 3, meaning: 'invalid value' },
  tooManyIds: { status: 400, code: 4, subcode: 4, meaning: 'too many ids' },
  tooOld: { status: 400, code: 4, subcode: 5, meaning: '`createdAfter` older than one week' },
  countOutOfRange: { status: 400, code: 4, subcode: 6, meaning: '`count` out of range' },
  invalidAnchor: { status: 400, code: 4, subcode: 7, meaning: 'invalid anchor' },
  rateLimited: { status: 503, code: 5, subcode: 1, meaning: 'rate limit (503 with Retry-After)' },
  tooLarge: { status: 413, code: 5, subcode: 2, meaning: 'payload too large (413)' },
  unsupportedMediaType: { status: 415, code: 5, subcode: 3, meaning: 'unsupported media type (415)' },
  duplicate: { status: 409, code: 6, subcode: 1, meaning: 'duplicate' },
  stateConflict: { status: 409, code: 6, subcode: 2, meaning: 'state conflict' },
  internal: { status: 500, code: 9, subcode: 1, meaning: 'internal error (details are logged, never returned)', reason: 'Internal error.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERRORS;

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly subcode: number;

  constructor(
    readonly error: ErrorName,
    reason?: string,
    readonly headers: Record<string, string> = {},
  ) {
    const spec: ErrorSpec = ERRORS[error];
    super(reason ?? spec.reason ?? spec.meaning);
    this.status = spec.status;
    this.code = spec.code;
    this.subcode = spec.subcode;
  }
}

export const invalidValue = (name: string, why = 'is not valid') => new ApiError('invalidValue', `Parameter '${name}' ${why}.`);

// The one error type of the service. Every failure a caller can see is an ApiError with the
// HTTP status and the code/subcode pair of the wire contract's table; one middleware
// (http/envelope.ts) turns it into the error envelope.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly subcode: number,
    reason: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
  }
}

export const unauthenticated = (subcode: 1 | 2 | 3 | 4 | 5, reason: string) => new ApiError(401, 1, subcode, reason);
export const forbidden = (reason = 'You are not allowed to do this.', subcode: 1 | 2 | 3 | 4 = 1) =>
  new ApiError(403, 2, subcode, reason);
export const notFound = (reason = 'No such item.', subcode: 1 | 2 | 3 = 1) => new ApiError(404, 3, subcode, reason);
export const badRequest = (subcode: number, reason: string) => new ApiError(400, 4, subcode, reason);
export const invalidValue = (name: string, why = 'is not valid') => badRequest(3, `Parameter '${name}' ${why}.`);
export const conflict = (subcode: 1 | 2, reason: string) => new ApiError(409, 6, subcode, reason);

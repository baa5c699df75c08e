// Assertions on the wire format that many black-box tests share: the error envelope, the
// listing envelope, and the one date format clients parse.
import { expect } from 'vitest';
import type { Reply } from './harness';

/** ISO-8601 UTC with milliseconds and `Z`. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The error envelope with the HTTP status, code and subcode of the wire contract's table. */
export function expectError(res: Reply, status: number, code: number, subcode: number): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { success: false, status, reason: expect.any(String), code, subcode, trace: expect.stringMatching(/\S/) },
  });
}

/** A listing envelope (all keys present, `entry` an array); returns the ids in display order. */
export function listedIds(res: Reply): string[] {
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    success: true,
    entry: expect.any(Array),
    anchor: expect.any(String),
    firstPage: expect.any(Boolean),
    lastPage: expect.any(Boolean),
    resources: expect.any(Object),
  });
  return (res.body.entry as { id: string }[]).map((e) => e.id);
}

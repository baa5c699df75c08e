// Parameter types shared by every endpoint: booleans as `true`/`false`, ISO-8601 dates in any
// offset, content ids, `count` and the listing parameters.
import { z } from 'zod';
import { fail } from './params';

export const booleanParam = z
  .string()
  .transform((v, ctx) => {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0' || s === '') return false;
    return fail(ctx, 'invalidValue', 'must be true or false');
  })
  .meta({ description: 'true or false' });

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Milliseconds since the epoch for an ISO-8601 date; without an offset the time is UTC. */
export function parseDate(value: string): number | null {
  // A `+` left unencoded in a query string arrives as a space: `...T10:00:00 08:00` means +08:00.
  const s = value.trim().replace(/(:\d{2}(?:\.\d+)?) (\d{2}:?\d{2})$/, '$1+$2');
  if (!isoDate.test(s)) return null;
  const withZone = /T|\s/.test(s) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(s) ? `${s}Z` : s;
  const normalised = withZone.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(normalised);
  return Number.isFinite(ms) ? ms : null;
}

export const dateParam = z
  .string()
  .transform((v, ctx) => parseDate(v) ?? fail(ctx, 'invalidValue', 'must be an ISO-8601 date'))
  .meta({ description: 'ISO-8601 date, e.g. 2011-06-23T18:34:22.123Z or 2011-06-23T10:34:22-08:00' });

export const countParam = z
  .string()
  .default('1')
  .transform((v, ctx) => {
    const n = /^\s*-?\d{1,4}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n === 0 || n > 100 || n < -100) {
      return fail(ctx, 'countOutOfRange', 'must be an integer from 1 to 100, or -1 to -100 to read before the anchor');
    }
    return n;
  })
  .meta({ description: '1..100, or -1..-100 for the items before the anchor; default 1' });

export const listingParams = {
  fields: z.string().optional(),
  anchor: z.string().optional(),
  count: countParam,
};

export const visibilityParam = z.enum(['all', 'members', 'friends', 'me']);

const contentIdPatterns = new Map<string, RegExp>();

/** What a content id of `type` reads as, `<networkId>:<Type>:<n>` (network and number in groups 1 and 2); made once per type. */
export function contentIdPattern(type: string): RegExp {
  let pattern = contentIdPatterns.get(type);
  if (!pattern) contentIdPatterns.set(type, (pattern = new RegExp(`^(\\d{1,15}):${type}:(\\d{1,15})$`)));
  return pattern;
}

/** A content id `<networkId>:<Type>:<n>`, checked for its type; the network is checked by the caller. */
export function contentIdParam(type: string) {
  const pattern = contentIdPattern(type);
  return z
    .string()
    .transform((v, ctx) => {
      const m = pattern.exec(v.trim());
      if (!m) return fail(ctx, 'invalidValue', `must be an id like 1234567:${type}:12`);
      return { networkId: Number(m[1]), id: Number(m[2]) };
    })
    .meta({ description: `id of a ${type}, <networkId>:${type}:<n>` });
}

/** A content id of any type, as `attachedTo` takes. */
export const anyContentIdParam = z
  .string()
  .transform((v, ctx) => {
    const m = /^(\d{1,15}):([A-Za-z]+):(\d{1,15})$/.exec(v.trim());
    if (!m) return fail(ctx, 'invalidValue', 'must be a content id like 1234567:BlogPost:12');
    return { networkId: Number(m[1]), type: m[2]!, id: Number(m[3]) };
  });

export type ContentRef = { networkId: number; id: number };

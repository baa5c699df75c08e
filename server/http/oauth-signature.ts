// Verifies OAuth 1.0a request signatures (RFC 5849, section 3): gathers the signed parameters of
// a request, builds the signature base string and compares signatures in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidValue } from '../lib/errors';

export type SignatureMethod = 'HMAC-SHA1' | 'PLAINTEXT';

export interface OAuthRequestInput {
  method: string;
  /** From `normaliseBaseUri`. */
  baseUri: string;
  /** Raw query string, without `?`. */
  query: string;
  /** Raw application/x-www-form-urlencoded body; null for any other body (multipart fields are never signed). */
  form: string | null;
  authorization?: string;
}

export interface CollectedOAuthRequest {
  /** Every `oauth_*` parameter, whichever of query, form body or header it came in. */
  oauth: Record<string, string>;
  /** Every parameter the signature covers, decoded, in arrival order. */
  params: [string, string][];
  baseString: string;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** RFC 5849 3.4.1.2. `path` may be the whole request target: its query is dropped. */
export function normaliseBaseUri(protocol: string, hostHeader: string, path: string): string {
  const scheme = protocol.replace(/:$/, '').toLowerCase();
  // Lazy host so a bracketed IPv6 literal keeps its colons and only a trailing :digits is the port.
  const [, host = '', port] = /^(.*?)(?::(\d*))?$/s.exec(hostHeader.trim()) ?? [];
  const authority = port && port !== DEFAULT_PORTS[scheme] ? `${host}:${port}` : host;
  return `${scheme}://${authority.toLowerCase()}${path.split('?')[0] || '/'}`;
}

/** The `Authorization: OAuth ...` parameters, decoded, without `realm`; null for any other scheme. */
export function parseAuthorizationHeader(value: string): Record<string, string> | null {
  const header = value.trim();
  const scheme = /^OAuth(?:\s+|$)/i.exec(header);
  if (!scheme) return null;
  const fields = new Map<string, string>();
  // Sticky, so that anything between the name="value" pairs makes the header malformed rather than skipped.
  const pair = /([^\s=,"]+)\s*=\s*"([^"]*)"\s*(?:,\s*|$)/y;
  pair.lastIndex = scheme[0].length;
  while (pair.lastIndex < header.length) {
    const match = pair.exec(header);
    if (!match) throw invalidValue('Authorization', 'is not a valid OAuth header');
    const name = percentDecode(match[1]);
    if (name === 'realm') continue;
    if (fields.has(name)) throw invalidValue(name, 'was sent more than once');
    fields.set(name, percentDecode(match[2]));
  }
  return Object.fromEntries(fields);
}

/**
 * Gathers the OAuth parameters and the signed parameters of a request (RFC 5849 3.4.1.3).
 * Throws a 400 ApiError when an `oauth_*` parameter arrives twice (3.1 forbids it, and
 * accepting either copy would let one be signed and the other obeyed) or the header is malformed.
 */
export function collectOAuthRequest(input: OAuthRequestInput): CollectedOAuthRequest {
  const header = input.authorization ? parseAuthorizationHeader(input.authorization) : null;
  // URLSearchParams decodes by the form rules the base string needs (`+` is a space, a bare name has value '').
  const received = [
    ...new URLSearchParams(input.query),
    ...new URLSearchParams(input.form ?? ''),
    ...Object.entries(header ?? {}),
  ];
  const oauth: Record<string, string> = {};
  const params: [string, string][] = [];
  for (const [name, value] of received) {
    if (name.startsWith('oauth_')) {
      if (Object.hasOwn(oauth, name)) throw invalidValue(name, 'was sent more than once');
      oauth[name] = value;
    }
    if (name !== 'oauth_signature') params.push([name, value]);
  }
  return { oauth, params, baseString: signatureBaseString(input.method, input.baseUri, params) };
}

/** RFC 5849 3.4.1. */
export function signatureBaseString(
  method: string,
  baseUri: string,
  params: readonly (readonly [string, string])[],
): string {
  const normalised = params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => byteOrder(nameA, nameB) || byteOrder(valueA, valueB))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalised)].join('&');
}

/** RFC 5849 3.4.2 and 3.4.4; the token secret is '' when the request carries no token. */
export function sign(method: SignatureMethod, baseString: string, consumerSecret: string, tokenSecret: string): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return method === 'HMAC-SHA1' ? createHmac('sha1', key).update(baseString).digest('base64') : key;
}

/**
 * Whether `signature` is the one `signatureMethod` gives for the base string and secrets.
 * A method other than HMAC-SHA1 or PLAINTEXT never verifies (false, not an error): the caller
 * answers it like any bad signature.
 */
export function verifySignature(input: {
  signatureMethod: string;
  signature: string;
  baseString: string;
  consumerSecret: string;
  tokenSecret: string;
}): boolean {
  if (input.signatureMethod !== 'HMAC-SHA1' && input.signatureMethod !== 'PLAINTEXT') return false;
  const expected = sign(input.signatureMethod, input.baseString, input.consumerSecret, input.tokenSecret);
  // Comparing digests gives timingSafeEqual equal lengths and keeps the length of a PLAINTEXT
  // signature (which is the secrets) from showing in the timing.
  return timingSafeEqual(digest(expected), digest(input.signature));
}

/** RFC 3986 unreserved characters stay; encodeURIComponent alone would also leave !'()*. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidValue('Authorization', 'is not validly percent-encoded');
  }
}

// RFC 5849 sorts by byte value; encoded strings are ASCII, so code-unit order is byte order
// (localeCompare would not be).
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const digest = (value: string) => createHash('sha256').update(value).digest();

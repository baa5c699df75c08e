// The response envelopes of the wire contract: every success is HTTP 200 with
// `success: true`; every failure is the error envelope with status, code, subcode and the
// request id as `trace`. Internal errors are logged, never described to the caller.
import crypto from 'node:crypto';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError } from '../lib/errors';
import { isUniqueViolation } from '../db/database';
import { SEALED_COLUMNS, UnreadableSecret } from '../db/sealed-secrets';
import { notModified } from './conditional';
import { WrittenEntries } from './fields';

/**
 * Writes a JSON reply with the headers Express's `res.send` gave it — Content-Type,
 * Content-Length and a weak ETag of the same form (length and SHA-1 of the body) — and
 * answers 304 without the body to a client that holds it (conditional.ts), in one pass:
 * the body is serialised and encoded once, hashed once, and handed to Node as it is; a body
 * of entries kept whose reply was sent before is that reply again, bytes and ETag.
 */
export function sendJson(req: Request, res: Response, status: number, body: unknown): void {
  // Like every parameter, xn_pretty may travel in the query or in a form body.
  const inBody = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>).xn_pretty : undefined;
  const query = req.originalUrl.indexOf('?');
  const pretty =
    (query >= 0 && req.originalUrl.includes('xn_pretty=') && /(^|&)xn_pretty=(true|1)(&|$)/.test(req.originalUrl.slice(query + 1))) || inBody === 'true' || inBody === '1';
  // A reply of entries kept (fields.ts: presentWritten) is the one last sent with them when the rest of it is the same.
  const entry = (body as { entry?: unknown } | null)?.entry;
  const written = !pretty && entry instanceof WrittenEntries ? { entries: entry, rest: restOf(body as Record<string, unknown>) } : undefined;
  const last = written?.entries.finished;
  const kept = last && sameRest(last.rest, written.rest) ? last : undefined;
  const bytes = kept?.bytes ?? Buffer.from(pretty ? JSON.stringify(body, null, 2) : writtenBody(body), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  let etag = res.getHeader('ETag') as string | undefined;
  if (etag === undefined) {
    res.setHeader('ETag', (etag = kept?.etag ?? weakETag(bytes)));
    if (written && !kept) written.entries.finish({ rest: written.rest, bytes, etag });
  }
  const ok = status >= 200 && status < 300;
  if (ok && (req.method === 'GET' || req.method === 'HEAD') && notModified(req.headers, { etag, lastModified: res.getHeader('Last-Modified') as string | undefined })) {
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.end();
    return;
  }
  res.setHeader('Content-Length', bytes.length);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/** Stands for written entries (WrittenEntries) while the rest of a reply is stringified. */
const ENTRIES = '\u0000entries\u0000';
const ENTRIES_WRITTEN = `"entry":${JSON.stringify(ENTRIES)}`;

/** The body in JSON, with entries already written (fields.ts: presentWritten) spliced in as they are. */
function writtenBody(body: unknown): string {
  const entry = (body as { entry?: unknown } | null)?.entry;
  if (!(entry instanceof WrittenEntries)) return JSON.stringify(body);
  const text = JSON.stringify({ ...(body as object), entry: ENTRIES });
  // Found once: the reply's own key; within a string a member wrote, every quote is escaped.
  const at = text.indexOf(ENTRIES_WRITTEN);
  return `${text.slice(0, at)}"entry":[${entry.texts.join(',')}]${text.slice(at + ENTRIES_WRITTEN.length)}`;
}

/** The members of a body but its entries, as key, value, key, value, ... */
function restOf(body: Record<string, unknown>): unknown[] {
  const rest: unknown[] = [];
  for (const key in body) if (key !== 'entry') rest.push(key, body[key]);
  return rest;
}

/** Whether two bodies' members but their entries are the same: equal keys in the same order, and values that are the same (a kept object, not one equal to it). */
function sameRest(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One call instead of a Hash object's three where Node has it (20.12 and later). */
const sha1 = typeof crypto.hash === 'function' ? (bytes: Buffer) => crypto.hash('sha1', bytes, 'base64') : (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('base64');

/** The weak ETag Express gives a body: its length in hex and the first 27 characters of its SHA-1 in base64. */
export function weakETag(bytes: Buffer): string {
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${bytes.length.toString(16)}-${sha1(bytes).slice(0, 27)}"`;
}

export function sendSuccess(req: Request, res: Response, body: Record<string, unknown>): void {
  sendJson(req, res, 200, { success: true, ...body });
}

export function sendError(req: Request, res: Response, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  sendJson(req, res, error.status, {
    success: false,
    status: error.status,
    reason: error.message,
    code: error.code,
    subcode: error.subcode,
    trace: String(req.id ?? ''),
  });
}

/** Maps errors from body parsers and everything unexpected into the envelope. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    sendError(req, res, toApiError(err, req, log));
  };
}

function toApiError(err: unknown, req: Request, log: Logger): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; code?: string; message?: string };
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    return new ApiError('tooLarge', 'The request body is too large.');
  }
  if (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('invalidValue', 'The request body could not be read.');
  }
  if (typeof e.code === 'string' && e.code.startsWith('LIMIT_')) return new ApiError('invalidValue', e.message ?? 'Invalid upload.');
  if (e.status === 400) return new ApiError('invalidValue', 'The request could not be read.');
  // PostgreSQL refuses NUL in text; inputs outside the parameters (path, credentials) can still carry one.
  if (e.code === '22021') return new ApiError('invalidValue', 'The request contains characters that cannot be stored.');
  // A consumer or token whose secret the server cannot open signs nothing: refused as if revoked,
  // and the operator told which one (the database was edited by hand, or holds another key's work).
  if (err instanceof UnreadableSecret) {
    log.error({ reqId: req.id, path: req.path, [SEALED_COLUMNS[err.table].name]: err.row }, err.message);
    const credential = SEALED_COLUMNS[err.table].credential;
    return new ApiError('unknownToken', `This ${credential} cannot be used: the server cannot read its secret; tell the network's administrator.`);
  }
  // The last line of defence against races the code did not foresee: a duplicate that
  // slipped past a check is still a duplicate, a deadlock a conflict worth retrying.
  if (isUniqueViolation(err)) {
    log.warn({ err, reqId: req.id, path: req.path }, 'unique violation answered 409');
    return new ApiError('duplicate', 'This conflicts with an item written at the same time; read again before retrying.');
  }
  if (e.code === '40P01' || e.code === '40001') {
    log.warn({ err, reqId: req.id, path: req.path }, 'transaction conflict answered 409');
    return new ApiError('stateConflict', 'This conflicted with a change made at the same time; try again.');
  }
  log.error({ err, reqId: req.id, path: req.path }, 'internal error');
  return new ApiError('internal', 'Internal error.');
}

/**
 * Answers, in the envelope, requests Node refuses before Express sees them (headers over
 * Node's limit, a request that cannot be parsed or arrives too slowly): the server's
 * `clientError` listener.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, code, subcode, reason] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 5, 2, 'The request headers are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 4, 3, 'The request took too long to arrive.']
        : [400, 4, 3, 'The request could not be read.'];
  const trace = crypto.randomUUID();
  const body = JSON.stringify({ success: false, status, reason, code, subcode, trace });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${trace}\r\nConnection: close\r\n\r\n${body}`,
  );
}

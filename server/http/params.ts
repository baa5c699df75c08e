// Request parameters as the wire contract sees them: query string and form body merged into
// one multimap (names may repeat), read through a zod schema per endpoint. Unknown names are
// ignored; a missing required one is 4-2; a bad value is 4-3 unless the schema names another
// subcode (count out of range, old createdAfter, ...).
import { z } from 'zod';
import type { Request } from 'express';
import { ApiError, type ErrorName } from '../lib/errors';

export class Params {
  constructor(private readonly values: Map<string, string[]>) {}

  static fromRequest(req: Request): Params {
    const query = Params.ofQuery(req);
    if (!req.body || typeof req.body !== 'object' || Buffer.isBuffer(req.body)) return query;
    const params = new Params(new Map([...query.values].map(([name, values]) => [name, [...values]])));
    for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
      for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') params.add(name, v);
    }
    return params;
  }

  /**
   * The parameters of the request's query string, parsed once for all who read them (the
   * response cache weighs them before the endpoint reads them).
   */
  static ofQuery(req: Request): Params {
    let params = parsedQueries.get(req);
    if (!params) parsedQueries.set(req, (params = Params.fromQuery(queryOf(req))));
    return params;
  }

  /** The parameters of a raw query string alone. */
  static fromQuery(query: string | undefined): Params {
    const params = new Params(new Map());
    for (const [name, value] of queryPairs(query ?? '')) params.add(name, value);
    return params;
  }

  private add(name: string, value: string): void {
    const list = this.values.get(name);
    if (list) list.push(value);
    else this.values.set(name, [value]);
  }

  /** The names given, each once. */
  names(): string[] {
    return [...this.values.keys()];
  }

  one(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  all(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Reads the parameters a schema names: arrays take every value, other fields the first. */
  parse<S extends z.ZodObject>(schema: S): z.output<S> {
    const input: Record<string, unknown> = {};
    for (const { name, array } of fieldsOf(schema)) {
      const values = this.values.get(name);
      if (!values) continue;
      // PostgreSQL text cannot hold NUL and no field needs it: refused alike on both databases.
      if (values.some((v) => v.includes('\0'))) throw new ApiError('invalidValue', `Parameter '${name}' must not contain NUL characters.`);
      input[name] = array ? values : values[0];
    }
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    throw toApiError(result.error.issues[0]!);
  }
}

const parsedQueries = new WeakMap<Request, Params>();

/** The request's query string as the client sent it: all after the first `?` (a value may hold another). */
export function queryOf(req: Request): string {
  const url = req.originalUrl;
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start + 1);
}

/**
 * The name and value pairs of a query string, as URLSearchParams reads them, without building
 * one: most names and values need no decoding. A query with a percent sequence that is not
 * UTF-8 is left to URLSearchParams, which reads it as U+FFFD.
 */
export function queryPairs(query: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (query === '') return pairs;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeComponent(part.slice(eq + 1));
    if (name === undefined || value === undefined) return [...new URLSearchParams(query)];
    pairs.push([name, value]);
  }
  return pairs;
}

function decodeComponent(text: string): string | undefined {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** The names a schema reads and whether each takes every value, worked out once per schema. */
const fieldLists = new WeakMap<z.ZodObject, { name: string; array: boolean }[]>();

function fieldsOf(schema: z.ZodObject): { name: string; array: boolean }[] {
  let fields = fieldLists.get(schema);
  if (!fields) {
    fields = Object.entries(schema.shape).map(([name, field]) => ({ name, array: isArraySchema(field as z.ZodType) }));
    fieldLists.set(schema, fields);
  }
  return fields;
}

function isArraySchema(schema: z.ZodType): boolean {
  let s = schema as z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } };
  while (s._zod.def.innerType || s._zod.def.in) s = (s._zod.def.innerType ?? s._zod.def.in) as typeof s;
  return s._zod.def.type === 'array';
}

function toApiError(issue: z.core.$ZodIssue): ApiError {
  const name = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return new ApiError('missingParameter', `Parameter '${name}' is required.`);
  }
  const params = (issue as { params?: { error?: ErrorName } }).params;
  return new ApiError(params?.error ?? 'invalidValue', `Parameter '${name}': ${issue.message}`);
}

/** Fails the parse with a chosen error (one of the 400s). */
export function fail(ctx: z.RefinementCtx, error: ErrorName, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { error } });
  return z.NEVER;
}

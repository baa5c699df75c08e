// The OpenAPI 3.1 document of the REST service, generated from the route tables: parameters
// from the same zod schemas that validate requests, replies from each endpoint's reply kind
// and entry schema, the error envelope with the code table, and the ways to authenticate.
import { z } from 'zod';
import type { Endpoint, Permission, ReplyKind } from './endpoint';
import { SESSION_COOKIE } from './auth';
import { ERROR_CODES as CODE_MEANINGS, ERRORS } from '../lib/errors';

type JsonSchema = Record<string, unknown>;

/** The code table of the error envelope (wire contract, section 3), from the service's table of errors. */
export const ERROR_CODES = Object.entries(CODE_MEANINGS).map(([code, meaning]) => ({
  code: Number(code),
  meaning,
  subcodes: Object.fromEntries(
    Object.values(ERRORS)
      .filter((e) => e.code === Number(code))
      .map((e) => [e.subcode, e.meaning]),
  ),
}));

const WHO: Record<Permission, string> = {
  public: 'anybody, even on a private network',
  anyone: 'anybody who may read the network (anyone on a public network, members on a private one)',
  account: 'any signed-in caller',
  member: 'active members',
  admin: 'administrators and the Network Creator',
  owner: 'the Network Creator',
};

const LISTING_ACTIONS = new Set(['recent', 'alpha', 'featured', 'list']);

/** What an endpoint's success body looks like, declared or inferred from its method and path. */
function replyKind(e: Endpoint): ReplyKind {
  if (e.reply) return e.reply;
  const action = e.path.split('/')[1];
  if (e.method === 'GET') return action === 'count' ? 'count' : action && LISTING_ACTIONS.has(action) ? 'listing' : 'get';
  return e.method === 'POST' && !action ? 'create' : 'done';
}

const resourceOf = (e: Endpoint) => e.path.split('/')[0]!;

const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Requests are described by what a caller sends (transforms of booleans, dates and ids have
  // no JSON Schema of their output), entries by what the server sends.
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

export function openApiDocument(endpoints: Endpoint[]) {
  const schemas: Record<string, JsonSchema> = {
    Error: errorSchema(),
    Resources: {
      type: 'object',
      description: 'Sub-properties of references in the entries (author.*, attachedToAuthor.*, image.*), keyed by the reference.',
      additionalProperties: { type: 'object' },
    },
  };
  const named = new Map<z.ZodType, string>();

  /** One entry as a get or a listing returns it: `fields` picks the keys, `id` is always there. */
  const listedEntry = (e: Endpoint): JsonSchema => {
    if (!e.entry) return { type: 'object' };
    if (!(e.entry instanceof z.ZodObject)) return toJsonSchema(e.entry, 'output');
    let name = named.get(e.entry);
    if (!name) {
      // Component names allow letters, digits, `.`, `_` and `-` only.
      const base = ((e.entry.meta()?.title as string | undefined) ?? resourceOf(e)).replace(/[^\w.-]/g, '_');
      name = base;
      for (let n = 2; name in schemas; n++) name = `${base}${n}`;
      const partial: z.ZodObject = e.entry.partial();
      schemas[name] = toJsonSchema('id' in e.entry.shape ? partial.required({ id: true } as never) : partial, 'output');
      named.set(e.entry, name);
    }
    return ref('schemas', name);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    (paths[`/${e.path}`] ??= {})[e.method.toLowerCase()] = operation(e, successSchema(e, listedEntry));
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Community platform REST API',
      version: '1.0',
      description: overview(),
    },
    servers: [
      {
        url: '/xn/rest/{network}/1.0',
        variables: { network: { default: 'apiexample', description: "The network's name, as in its address." } },
      },
    ],
    tags: [...new Set(endpoints.map(resourceOf))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        Error: { description: 'The error envelope; `status` equals the HTTP status.', content: json(ref('schemas', 'Error')) },
        RateLimited: {
          description: 'Too many requests from this caller (code 5-1).',
          headers: { 'Retry-After': { description: 'Seconds until the caller may try again.', schema: { type: 'integer', minimum: 1 } } },
          content: json(ref('schemas', 'Error')),
        },
      },
      parameters: {
        xn_pretty: { name: 'xn_pretty', in: 'query', required: false, description: 'true pretty-prints the JSON.', schema: { type: 'string', enum: ['true', 'false', '1', '0'] } },
      },
      securitySchemes: {
        oauth: {
          type: 'http',
          scheme: 'OAuth',
          description:
            'OAuth 1.0a, two-legged (RFC 5849): HMAC-SHA1 or PLAINTEXT; the parameters may come in this header, the query or the form body. ' +
            'POST Token (HTTP Basic email:password, signed with the consumer secret alone) issues the token.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token (POST AccessToken), valid in the network it was created in.',
        },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The web app session (POST Session).' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: "The session's csrfToken; required with the cookie on POST, PUT and DELETE." },
      },
    },
  };
}

function operation(e: Endpoint, success: JsonSchema) {
  const { properties = {}, required = [] } = toJsonSchema(e.params, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const resource = resourceOf(e);
  const action = e.path.split('/')[1] ?? '';
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const body = inQuery ? undefined : requestBody(e, properties, required);
  return {
    operationId: `${e.method.toLowerCase()}${resource}${action.charAt(0).toUpperCase()}${action.slice(1)}`,
    tags: [resource],
    summary: e.summary,
    description: [
      `Who may call: ${WHO[e.allow]}.`,
      ...Object.entries(e.restricted ?? {}).map(([name, who]) => `Only ${who === 'admin' ? 'administrators' : 'the Network Creator'} may send \`${name}\`.`),
      e.extension ? '**Extension**: ours, not part of the historical API.' : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-permission': e.allow,
    ...(e.restricted ? { 'x-restricted': e.restricted } : {}),
    ...(e.extension ? { 'x-extension': true } : {}),
    security: security(e),
    parameters: [
      ...(inQuery
        ? Object.entries(properties).map(([name, { description, ...schema }]) => ({
            name,
            in: 'query',
            required: required.includes(name),
            ...(description ? { description } : {}),
            schema,
            style: 'form',
            explode: true,
          }))
        : []),
      ref('parameters', 'xn_pretty'),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: {
      200:
        replyKind(e) === 'stream'
          ? { description: 'Server-sent events, until the client or the server closes the stream.', content: { 'text/event-stream': { schema: success } } }
          : replyKind(e) === 'atom'
            ? { description: 'The feed.', content: { 'application/atom+xml': { schema: success } } }
            : { description: 'Success.', content: json(success) },
      503: ref('responses', 'RateLimited'),
      default: ref('responses', 'Error'),
    },
  };
}

/** A form body, or a multipart one with the file part for uploads; none when there is nothing to send. */
function requestBody(e: Endpoint, properties: Record<string, JsonSchema>, required: string[]) {
  if (e.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    const schema = { type: 'object', properties: { ...properties, [e.upload.field]: file }, required: [...required, e.upload.field] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (Object.keys(properties).length === 0) return undefined;
  const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
  return { required: required.length > 0, content: { 'application/x-www-form-urlencoded': { schema } } };
}

function successSchema(e: Endpoint, listedEntry: (e: Endpoint) => JsonSchema): JsonSchema {
  const envelope = (properties: Record<string, JsonSchema>): JsonSchema => ({
    type: 'object',
    properties: { success: { const: true }, ...properties },
    required: ['success', ...Object.keys(properties)],
    additionalProperties: false,
  });
  switch (replyKind(e)) {
    case 'get': {
      const entry = listedEntry(e);
      return envelope({
        entry: { anyOf: [entry, { type: 'array', items: entry }], description: 'An object for one id, an array for repeated ids.' },
        resources: ref('schemas', 'Resources'),
      });
    }
    case 'listing':
      return envelope({
        entry: { type: 'array', items: listedEntry(e) },
        anchor: { type: 'string', description: 'Opaque position after the last entry (before the first, for a negative count).' },
        firstPage: { type: 'boolean' },
        lastPage: { type: 'boolean' },
        resources: ref('schemas', 'Resources'),
      });
    case 'count':
      return envelope({ count: { type: 'integer', minimum: 0 } });
    case 'create':
      return envelope({ id: { type: 'string', description: 'The new id, <networkId>:<Type>:<n>.' } });
    case 'done':
      return envelope({});
    case 'entry':
      return envelope({ entry: e.entry ? toJsonSchema(e.entry, 'output') : {} });
    case 'stream':
      return { type: 'string', description: 'A stream of server-sent events (text/event-stream).' };
    case 'atom':
      return { type: 'string', description: 'An Atom 1.0 feed document (RFC 4287).' };
  }
}

function security(e: Endpoint) {
  const signedIn = [{ oauth: [] }, { bearer: [] }, e.method === 'GET' ? { session: [] } : { session: [], csrf: [] }];
  return e.allow === 'public' || e.allow === 'anyone' ? [{}, ...signedIn] : signedIn;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function errorSchema(): JsonSchema {
  return {
    type: 'object',
    description: `The error envelope.\n\n${codeTable()}`,
    properties: {
      success: { const: false },
      status: { type: 'integer', description: 'Equals the HTTP status.' },
      reason: { type: 'string' },
      code: { type: 'integer', enum: ERROR_CODES.map((c) => c.code) },
      subcode: { type: 'integer', minimum: 1 },
      trace: { type: 'string', description: 'The request id, also sent as X-Request-Id.' },
    },
    required: ['success', 'status', 'reason', 'code', 'subcode', 'trace'],
    additionalProperties: false,
    'x-error-codes': ERROR_CODES,
  };
}

function codeTable(): string {
  const rows = ERROR_CODES.map(
    (c) => `| ${c.code} | ${c.meaning} | ${Object.entries(c.subcodes).map(([n, text]) => `${n} ${text}`).join('; ')} |`,
  );
  return ['| code | meaning | subcodes |', '|---|---|---|', ...rows].join('\n');
}

function overview(): string {
  return [
    'The REST service of a community platform, compatible with the historical Network API 1.0 and its PHP, Python and Java clients.',
    'Ids carry the network: `<networkId>:<Type>:<n>`. GET and DELETE take query parameters; POST and PUT take form bodies ' +
      '(query parameters count too). Parameters may repeat (`id`, `tag`, `author`); unknown ones are ignored.',
    'Every success is HTTP 200 with `success: true`; dates are ISO-8601 UTC with milliseconds. Operations marked ' +
      '`x-extension: true` are ours, not part of the historical API.',
    'Each caller (access token, session or OAuth token, else its address) may make a configured number of requests per ' +
      'minute; beyond it the reply is 503 with `Retry-After` and code 5-1.',
    `## Errors\n\n${codeTable()}`,
  ].join('\n\n');
}

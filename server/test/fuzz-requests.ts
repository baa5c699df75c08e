// Requests for the fuzzer (fast-check), made from an endpoint's row of the route table: its
// parameters from its zod schema (types, enums, lengths, arrays, booleans found by probing
// the schema) and their names (ids, screen names, anchors, dates, fields...), seeded with
// real ids and names of a world so the requests reach deep, mixed with hostile values; plus
// unknown parameters, odd placements, bodies, content types, encodings, credentials and
// uploads. Each request says whether it is "clean" (credentials and body as the API wants
// them), so the test can hold it to the exact refusal the row's permission gives.
import fc from 'fast-check';
import { z } from 'zod';
import type { Endpoint } from '../http/endpoint';
import type { Caller, World } from './world';
import { CALLERS } from './world';

export interface FilePart {
  part: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'form'; pairs: [string, string][] }
  | { kind: 'multipart'; pairs: [string, string][]; files: FilePart[] }
  | { kind: 'raw'; contentType: string | null; bytes: Uint8Array; encoding?: string };

export interface FuzzRequest {
  endpoint: Endpoint;
  caller: Caller;
  /** How the caller's credentials travel. */
  credential: 'session' | 'session without CSRF token' | 'bearer token';
  /** The query string as sent (already encoded), without `?`. */
  query: string;
  body: FuzzBody;
  /** Extra headers, hostile or odd. */
  headers: Record<string, string>;
  /** True when credentials, headers and body are what the API asks for: only the values are fuzzed. */
  clean: boolean;
}

/** Values that have broken parsers somewhere. */
const NASTY = [
  '', ' ', '\t', 'null', 'undefined', 'NaN', 'Infinity', '-0', '0', '-1', '1e309', '9007199254740993', '0x10', '1.5',
  'true', 'false', 'TRUE', 'yes', '[]', '{}', '{"a":1}', '[1,2]', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  '\0', 'a\0b', '%00', '%', '%zz', '\\', '"', "'", "' OR 1=1 --", '"; DROP TABLE blog_posts; --', '../../etc/passwd',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '\u202e\u0644\u0627', '\ud800', '\udfff',
  '😀', 'e\u0301', '\u0000\u0001\u001f', '\r\n', 'a,b,,c', ',', '*', '?', '#', '&', '=', '+',
  'x'.repeat(65), 'x'.repeat(201), 'y'.repeat(4001), 'z'.repeat(10_001),
];

const nasty = fc.constantFrom(...NASTY);
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
);
const someString = fc.oneof({ weight: 3, arbitrary: nasty }, { weight: 4, arbitrary: anyText });

const dates = fc.oneof(
  fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }).map((ms) => new Date(Date.now() + ms).toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    'now', 'NOW', '2011-06-23T18:34:22.123Z', '2011-06-23T10:34:22-08:00', '2011-06-23T10:34:22 08:00', '2011-06-23',
    '2011-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '+275760-09-13T00:00:00.000Z',
    '2011-06-23T25:61:61Z', '2011-13-45', '1815-12-10', '2024-02-29', 'yesterday', '1700000000',
  ),
);

const counts = fc.oneof(
  fc.integer({ min: -150, max: 150 }).map(String),
  fc.constantFrom('0', '100', '101', '-100', '-101', ' 5 ', '05', '1.0', '1e2', '99999', '-99999', 'ten'),
);

/** The parameters' names that name something of the world, and what to draw their values from. */
function namedValues(name: string, e: Endpoint, world: World, networkId: number, tame: boolean): fc.Arbitrary<string> | undefined {
  const ids = world.items.map((i) => i.id).filter((id) => /^\d+:\w+:\d+$/.test(id));
  const types = ['BlogPost', 'Comment', 'Photo', 'Video', 'Topic', 'Category', 'User', 'Activity', 'BroadcastMessage', 'Network', 'AccessToken', 'Nope'];
  const idLike = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.constantFrom(...(world.madeIds.Activity ?? ['urn:uuid:00000000-0000-0000-0000-000000000000'])) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(networkId, 0, 1, 9_999_999, 10 ** 16), fc.constantFrom(...types), fc.constantFrom(0, 1, 2, 3, 50, -1, 2 ** 31, 2 ** 53, 10 ** 16))
        .map(([n, t, i]) => `${n}:${t}:${i}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(`${networkId}:BlogPost:`, `:BlogPost:1`, `${networkId}:BlogPost:1:2`, `${networkId}:blogpost:1`, ` ${networkId}:BlogPost:1 `) },
    { weight: 1, arbitrary: someString },
  );
  const screenNames = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(world.screenNames).filter(Boolean)) },
    { weight: 1, arbitrary: someString },
  );
  if (tame) {
    switch (name) {
      case 'id':
      case 'attachedTo':
      case 'categoryId':
        return fc.constantFrom(...ids);
      case 'author':
      case 'friend':
        return fc.constantFrom(...Object.values(world.screenNames).filter(Boolean));
      case 'count':
        return fc.integer({ min: -100, max: 100 }).filter((n) => n !== 0).map(String);
      case 'createdAfter':
      case 'publishTime':
      case 'birthdate':
        return fc.integer({ min: -6 * 86_400_000, max: 6 * 86_400_000 }).map((ms) => new Date(Date.now() + ms).toISOString());
      case 'anchor':
        return fc.constantFrom(...(world.anchors.length ? world.anchors : ['x']));
      case 'fields':
        return fc.subarray(entryFieldNames(e).length ? entryFieldNames(e) : ['id']).map((list) => list.join(','));
      case 'email':
        return fc.emailAddress();
      case 'url':
        return fc.constantFrom('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871', 'https://www.dailymotion.com/video/x7tgad0');
      case 'iconUrl':
        return fc.webUrl();
    }
  }
  switch (name) {
    case 'id':
    case 'attachedTo':
    case 'categoryId':
      return idLike;
    case 'author':
    case 'friend':
      return screenNames;
    case 'count':
      return counts;
    case 'createdAfter':
    case 'publishTime':
    case 'birthdate':
      return fc.oneof(dates, someString);
    case 'anchor':
      return fc.oneof(fc.constantFrom(...(world.anchors.length ? world.anchors : ['x'])), fc.constantFrom(...world.anchors.map(tamper)), someString);
    case 'fields':
      return fieldsOf(e);
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constant(world.callers.member.who.email!), someString);
    case 'url':
    case 'embedCode':
      return fc.oneof(
        fc.constantFrom(
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871',
          'https://www.dailymotion.com/video/x7tgad0', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
          '<iframe src="https://evil.example/x"></iframe><script>alert(1)</script>', 'https://www.youtube.com/watch?v=', 'ftp://youtube.com/x',
        ),
        someString,
      );
    case 'iconUrl':
      return fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://127.0.0.1:1/x.png'), someString);
    case 'profileQuestions':
      return fc.oneof(
        fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 }), { maxKeys: 5 }).map((o) => JSON.stringify(o)),
        fc.jsonValue().map((v) => JSON.stringify(v)),
        someString,
      );
    default:
      return undefined;
  }
}

/** A flipped character: an anchor its signature no longer matches. */
function tamper(anchor: string): string {
  const i = Math.floor(anchor.length / 2);
  return `${anchor.slice(0, i)}${anchor[i] === 'A' ? 'B' : 'A'}${anchor.slice(i + 1)}`;
}

/** `fields` lists: names of the endpoint's entry, sub-properties, unknown and repeated names. */
function fieldsOf(e: Endpoint): fc.Arbitrary<string> {
  const known = entryFieldNames(e);
  const names = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(known.length ? known : ['id'])) },
    { weight: 1, arbitrary: fc.constantFrom('author.fullName', 'author.iconUrl', 'author.url', 'image.url', 'attachedToAuthor.fullName', 'nope', 'id') },
    { weight: 1, arbitrary: someString },
  );
  return fc.oneof(fc.array(names, { maxLength: 8 }).map((list) => list.join(',')), fc.constantFrom('', ',', ' , ', 'id,id,id'));
}

function entryFieldNames(e: Endpoint): string[] {
  let schema = e.entry as (z.ZodType & { element?: z.ZodType }) | undefined;
  if (!schema) return [];
  if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
  if (schema instanceof z.ZodNullable) schema = schema.unwrap() as z.ZodType;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

interface ParamShape {
  isArray: boolean;
  enumValues?: string[];
  maxLength?: number;
  minLength?: number;
  boolean: boolean;
}

/** What a parameter's schema takes, found from its JSON Schema (input side) and by probing it. */
function shapeOf(schema: z.ZodType): ParamShape {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
  const isArray = json.type === 'array';
  const item = (isArray ? json.items : json) ?? {};
  const probe = (v: string) => schema.safeParse(isArray ? [v] : v).success;
  return {
    isArray,
    enumValues: Array.isArray(item.enum) ? item.enum.map(String) : undefined,
    maxLength: typeof item.maxLength === 'number' ? item.maxLength : undefined,
    minLength: typeof item.minLength === 'number' ? item.minLength : undefined,
    boolean: probe('true') && probe('false') && !probe('maybe'),
  };
}

function valueOf(name: string, schema: z.ZodType, e: Endpoint, world: World, networkId: number, tame: boolean): fc.Arbitrary<string[]> {
  const shape = shapeOf(schema);
  const choices: { weight: number; arbitrary: fc.Arbitrary<string> }[] = tame ? [] : [{ weight: 2, arbitrary: someString }];
  const named = namedValues(name, e, world, networkId, tame);
  if (tame && named) return shape.isArray ? fc.array(named, { maxLength: 4 }) : named.map((v) => [v]);
  if (named) choices.push({ weight: 6, arbitrary: named });
  if (shape.enumValues?.length) choices.push({ weight: 6, arbitrary: fc.constantFrom(...shape.enumValues) });
  if (shape.boolean) choices.push({ weight: 6, arbitrary: tame ? fc.constantFrom('true', 'false') : fc.constantFrom('true', 'false', '1', '0', '', 'TRUE', ' true ', 'maybe') });
  if (tame && choices.length) return pick(shape, fc.oneof(...choices));
  if (tame) choices.push({ weight: 1, arbitrary: fc.lorem({ maxCount: 6 }) });
  const edges = [shape.maxLength, shape.maxLength && shape.maxLength + 1, shape.minLength, shape.minLength && shape.minLength - 1]
    .filter((n): n is number => typeof n === 'number' && n >= 0 && n < 200_000);
  if (edges.length) choices.push({ weight: 2, arbitrary: fc.constantFrom(...edges).map((n) => 'w'.repeat(n)) });
  if (!named && !shape.enumValues && !shape.boolean && !tame) choices.push({ weight: 4, arbitrary: fc.lorem({ maxCount: 6 }) });
  const one = fc.oneof(...choices);
  if (tame) return pick(shape, one);
  if (!shape.isArray) return fc.oneof({ weight: 9, arbitrary: one.map((v) => [v]) }, { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) });
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(one, { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 20, maxLength: 22 }) },
    { weight: 1, arbitrary: one.map((v) => Array.from({ length: 101 }, () => v)) },
  );
}

/** One value, or a few for a repeatable parameter. */
function pick(shape: ParamShape, one: fc.Arbitrary<string>): fc.Arbitrary<string[]> {
  return shape.isArray ? fc.array(one, { maxLength: 4 }) : one.map((v) => [v]);
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as UTF-8 has them). */
export function pct(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const MAX_QUERY = 40_000;

const encodePairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');

/** Query fragments no well-behaved client sends. */
const rawQueryJunk = fc.constantFrom('', '', '', '&', '%', '%zz=1', 'a=%E0%A4%A', '=x', '&&&', 'id', 'id=', 'xn_pretty=true', 'x[]=1&x[a]=2', 'count=1&count=2');

async function uploadFiles(): Promise<FilePart[][]> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#c83' } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#38c' } }).jpeg().toBuffer();
  const file = (bytes: Uint8Array, type: string, name = 'image', part = 'file'): FilePart => ({ part, name, type, bytes });
  return [
    [file(png, 'image/png', 'a.png')],
    [file(jpeg, 'image/jpeg', 'a.jpg')],
    [file(jpeg.subarray(0, jpeg.length / 2), 'image/jpeg', 'half.jpg')],
    [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 'x.svg')],
    [file(Buffer.from('<html><script>alert(1)</script></html>'), 'text/html', 'x.html')],
    [file(Buffer.alloc(0), 'image/png', 'empty.png')],
    [file(png, 'image/png', 'a.png', 'photo')],
    [file(png, 'image/png', 'a.png'), file(png, 'image/png', 'b.png')],
    [file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff, 0xff, 0xff, 0xff]), 'image/png', 'huge.png')],
    [],
  ];
}

export interface FuzzContext {
  world: World;
  networkId: number;
  files: FilePart[][];
}

export async function fuzzContext(world: World, networkId: number): Promise<FuzzContext> {
  return { world, networkId, files: await uploadFiles() };
}

/** Requests for one endpoint, from any caller. */
export function requestsFor(e: Endpoint, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  // Half the requests are tame (plausible values, plain bodies), so they get past validation
  // and exercise what lies behind it; the other half are hostile.
  return fc.boolean().chain((tame) => requestsOfKind(e, ctx, tame));
}

function requestsOfKind(e: Endpoint, ctx: FuzzContext, tame: boolean): fc.Arbitrary<FuzzRequest> {
  const shape = e.params.shape as Record<string, z.ZodType>;
  const params = Object.entries(shape).map(([name, schema]) =>
    fc.option(valueOf(name, schema, e, ctx.world, ctx.networkId, tame).map((values) => values.map((v) => [name, v] as [string, string])), { freq: 3 }),
  );
  const unknown = tame ? fc.constant([] as [string, string][]) : fc.array(fc.tuple(fc.oneof(fc.constantFrom('success', 'xn_pretty', 'oauth_token', 'callback', 'id[]', '__proto__'), fc.string({ maxLength: 8 })), someString), {
    maxLength: 2,
  });
  const writes = e.method === 'POST' || e.method === 'PUT';
  return fc
    .record({
      caller: fc.constantFrom(...CALLERS),
      credential: tame
        ? fc.constantFrom<FuzzRequest['credential']>('session', 'bearer token')
        : fc.constantFrom<FuzzRequest['credential']>('session', 'session', 'session', 'session without CSRF token', 'bearer token'),
      params: fc.tuple(...params).map((lists) => lists.flatMap((l) => l ?? [])),
      unknown,
      // Where a write's parameters go: the body (the norm), the query, or spread over both.
      placement: tame ? fc.constant('body') : fc.constantFrom('body', 'body', 'query', 'both'),
      bodyKind: tame
        ? fc.constant(e.upload ? 'multipart' : writes ? 'form' : 'none')
        : e.upload
        ? fc.constantFrom('multipart', 'multipart', 'multipart', 'form', 'raw')
        : writes
          ? fc.constantFrom('form', 'form', 'form', 'multipart', 'raw', 'none')
          : fc.constantFrom('none', 'none', 'none', 'form', 'raw'),
      files: tame ? fc.constantFrom(ctx.files[0]!, ctx.files[1]!) : fc.constantFrom(...ctx.files),
      raw: fc.record({
        contentType: fc.constantFrom(
          null, 'application/json', 'text/plain', 'application/x-www-form-urlencoded; charset=latin1', 'application/x-www-form-urlencoded; charset=bogus',
          'multipart/form-data', 'multipart/form-data; boundary=zzz', 'application/xml', '*/*', 'application/x-www-form-urlencoded',
        ),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
          fc.constantFrom(Buffer.from('a=1&a=2&%=&=&&'), Buffer.from('--zzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--zzz--'), Buffer.alloc(1024 * 1024 + 10, 0x61)),
        ),
        encoding: fc.constantFrom(undefined, undefined, 'gzip', 'deflate', 'br', 'identity', 'bogus'),
      }),
      junkQuery: tame ? fc.constant('') : rawQueryJunk,
      headers: fc.dictionary(
        fc.constantFrom('authorization', 'cookie', 'x-csrf-token', 'accept', 'x-request-id', 'x-forwarded-for', 'accept-language', 'origin', 'x-http-method-override'),
        fc.constantFrom(
          'Bearer xnat_notatoken', 'Bearer', 'OAuth oauth_consumer_key="nope", oauth_signature="x", oauth_signature_method="HMAC-SHA1"', 'OAuth ',
          'Basic !!!', 'Basic dXNlcjpwYXNz', 'xn_session=forged', 'xn_session=%E0%A4%A', 'a=b; xn_session=', '*/*', 'text/html', 'zz',
          '1.2.3.4, 5.6.7.8', 'DELETE', 'https://evil.example', 'x'.repeat(300),
        ),
        { maxKeys: 2 },
      ),
      oddHeaders: tame ? fc.constant(false) : fc.boolean(),
    })
    .map((r): FuzzRequest => {
      const all = [...r.params, ...r.unknown];
      let inQuery = all;
      let inBody: [string, string][] = [];
      if (writes || r.bodyKind !== 'none') {
        if (r.placement === 'body') [inQuery, inBody] = [[], all];
        else if (r.placement === 'both') [inQuery, inBody] = [all.filter((_, i) => i % 2 === 0), all.filter((_, i) => i % 2 === 1)];
      }
      const body: FuzzBody =
        r.bodyKind === 'none'
          ? { kind: 'none' }
          : r.bodyKind === 'form'
            ? { kind: 'form', pairs: inBody }
            : r.bodyKind === 'multipart'
              ? { kind: 'multipart', pairs: inBody, files: e.upload ? r.files : [] }
              : { kind: 'raw', contentType: r.raw.contentType, bytes: r.raw.bytes, encoding: r.raw.encoding };
      // With no body to carry them, the parameters travel in the query.
      if (body.kind === 'none' || body.kind === 'raw') inQuery = all;
      // Long enough to pass Node's 16 KB header limit now and then, not so long as to be slow.
      while (encodePairs(inQuery).length > MAX_QUERY) inQuery = inQuery.slice(0, -1);
      const query = [encodePairs(inQuery), r.junkQuery].filter(Boolean).join('&');
      const headers = r.oddHeaders ? r.headers : {};
      const expectedBody = writes ? (e.upload ? body.kind === 'multipart' && body.files.length === 1 && body.files[0]!.part === 'file' : body.kind === 'form' || body.kind === 'none') : body.kind === 'none';
      return {
        endpoint: e,
        caller: r.caller,
        credential: r.caller === 'anonymous' ? 'session' : r.credential,
        query,
        body,
        headers,
        clean: Object.keys(headers).length === 0 && (r.credential !== 'session without CSRF token' || e.method === 'GET') && expectedBody,
      };
    });
}

/** A short description of a request, for failure messages. */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body.kind === 'form' || r.body.kind === 'multipart'
      ? `${r.body.kind} ${JSON.stringify(r.body.pairs).slice(0, 400)}${r.body.kind === 'multipart' ? ` files ${JSON.stringify(r.body.files.map((f) => [f.part, f.type, f.bytes.length]))}` : ''}`
      : r.body.kind === 'raw'
        ? `raw ${r.body.contentType} ${r.body.encoding ?? ''} ${r.body.bytes.length} bytes`
        : 'no body';
  return `${r.endpoint.method} ${r.endpoint.path}?${r.query.slice(0, 400)} as ${r.caller} (${r.credential}) headers ${JSON.stringify(r.headers)} ${body}`;
}

import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors';
import {
  collectOAuthRequest,
  normaliseBaseUri,
  parseAuthorizationHeader,
  signatureBaseString,
  verifySignature,
  type OAuthRequestInput,
  type SignatureMethod,
} from './oauth-signature';
import { recordedRequests, type RecordedRequest } from '../test/recorded-requests';

const consumer = { key: 'ck', secret: 'cs' };
const token = { key: 'tok-1', secret: 'sec-1' };

function verifies(request: OAuthRequestInput, consumerSecret: string, tokenSecret: string): boolean {
  const { oauth, baseString } = collectOAuthRequest(request);
  return verifySignature({
    signatureMethod: oauth.oauth_signature_method,
    signature: oauth.oauth_signature,
    baseString,
    consumerSecret,
    tokenSecret,
  });
}

describe('recorded requests (oauth-vectors.jsonl)', () => {
  type Vector = RecordedRequest;
  const vectors = recordedRequests;

  const asReceived = (vector: Vector): OAuthRequestInput => ({
    method: vector.method,
    baseUri: normaliseBaseUri('http', vector.headers.host, vector.url),
    query: vector.url.split('?').slice(1).join('?'),
    form: vector.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? vector.body : null,
    authorization: vector.headers.authorization,
  });
  // The Token request is how a member gets a token, so it is signed with the consumer secret alone.
  const tokenSecretOf = (request: OAuthRequestInput) => (collectOAuthRequest(request).oauth.oauth_token ? 'sec-1' : '');

  it('holds the Token request, signed without a token', () => {
    const tokenRequest = vectors.map(asReceived).find((request) => request.authorization?.startsWith('Basic '));
    expect(tokenRequest && tokenSecretOf(tokenRequest)).toBe('');
  });

  describe.each(vectors.map((vector) => [`${vector.method} ${vector.url.split('?')[0]}`, asReceived(vector)] as const))(
    '%s',
    (_, request) => {
      const tokenSecret = tokenSecretOf(request);

      it('verifies with the consumer secret and its token secret', () => {
        expect(verifies(request, 'cs', tokenSecret)).toBe(true);
      });

      it('fails with a wrong consumer or token secret', () => {
        expect(verifies(request, 'cx', tokenSecret)).toBe(false);
        expect(verifies(request, 'cs', tokenSecret === '' ? 'sec-1' : 'sec-2')).toBe(false);
      });

      it('fails when one character of any signed parameter changes', () => {
        const { oauth, params } = collectOAuthRequest(request);
        const change = (text: string) => (text === '' ? 'x' : text.slice(0, -1) + (text.endsWith('x') ? 'y' : 'x'));
        for (const [index, [name, value]] of params.entries()) {
          const tampered = params.with(index, [name, change(value)]);
          const verified = verifySignature({
            signatureMethod: oauth.oauth_signature_method,
            signature: oauth.oauth_signature,
            baseString: signatureBaseString(request.method, request.baseUri, tampered),
            consumerSecret: 'cs',
            tokenSecret,
          });
          expect(verified, name).toBe(false);
        }
      });
    },
  );

  it('signs no multipart field of the Photo upload and reads its OAuth parameters from the header', () => {
    const photo = vectors.find((vector) => vector.url.endsWith('/Photo'));
    const { oauth, params } = collectOAuthRequest(asReceived(photo!));
    expect(oauth).toMatchObject({ oauth_token: 'tok-1', oauth_signature: 'yGp2CorgzXi2YNZwF3hPh7Zk9u0=' });
    expect(params.map(([name]) => name).sort()).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_token',
      'oauth_version',
    ]);
  });
});

describe('requests signed by the oauth-1.0a library', () => {
  type Params = Record<string, string | string[]>;
  interface LibraryRequest {
    method: string;
    origin: string;
    path: string;
    query?: Params;
    form?: Params;
    oauthIn: 'query' | 'form' | 'header';
    signatureMethod?: SignatureMethod;
  }

  const formEncode = (params: Params) =>
    new URLSearchParams(Object.entries(params).flatMap(([name, values]) => [values].flat().map((value) => [name, value])))
      .toString();

  /** Signs with the library, then lays the request out as the server receives it. */
  function signedByLibrary({ method, origin, path, query = {}, form, oauthIn, signatureMethod = 'HMAC-SHA1' }: LibraryRequest) {
    const client = new OAuth({
      consumer,
      signature_method: signatureMethod,
      hash_function:
        signatureMethod === 'HMAC-SHA1'
          ? (base, key) => createHmac('sha1', key).update(base).digest('base64')
          : undefined,
    });
    const authorized = client.authorize({ method, url: origin + path, data: structuredClone({ ...query, ...form }) }, token);
    // authorize() also copies the request data into what it returns.
    const oauthParams = Object.fromEntries(
      Object.entries(authorized)
        .filter(([name]) => name.startsWith('oauth_'))
        .map(([name, value]) => [name, String(value)]),
    );
    const withOAuth = (params: Params | undefined, where: LibraryRequest['oauthIn']) =>
      oauthIn === where ? { ...params, ...oauthParams } : params;
    const formParams = withOAuth(form, 'form');
    const url = new URL(origin);
    return {
      method,
      baseUri: normaliseBaseUri(url.protocol, url.host, path),
      query: formEncode(withOAuth(query, 'query') ?? {}),
      form: formParams ? formEncode(formParams) : null,
      authorization: oauthIn === 'header' ? client.toHeader(authorized).Authorization : undefined,
    };
  }

  const awkward: Params = {
    tag: ['zeta', 'alpha beta', 'a+b', '100%', 'alpha'],
    q: "ünïcödé € 😀 ~tilde *star* (paren) !bang 'quote' a=b&c",
    'sort by': 'createdDate desc',
    empty: '',
  };

  it('GET with repeated and awkward query parameters, OAuth parameters in the query', () => {
    const request = signedByLibrary({
      method: 'GET',
      origin: 'http://api.example.com',
      path: '/xn/rest/apiexample/1.0/BlogPost/recent',
      query: awkward,
      oauthIn: 'query',
    });
    expect(request.query).toContain('+');
    expect(verifies(request, 'cs', 'sec-1')).toBe(true);
  });

  it('POST with a form body and a query, OAuth parameters in the body', () => {
    const request = signedByLibrary({
      method: 'POST',
      origin: 'http://api.example.com',
      path: '/xn/rest/apiexample/1.0/BlogPost',
      query: { xn_pretty: 'true' },
      form: { title: 'Tom & Jerry = 100% fun', description: 'line one\nline two ~*', tag: ['b', 'a'] },
      oauthIn: 'form',
    });
    expect(verifies(request, 'cs', 'sec-1')).toBe(true);
  });

  it('PLAINTEXT, OAuth parameters in the header', () => {
    const request = signedByLibrary({
      method: 'GET',
      origin: 'https://api.example.com',
      path: '/xn/rest/apiexample/1.0/User',
      query: awkward,
      oauthIn: 'header',
      signatureMethod: 'PLAINTEXT',
    });
    expect(collectOAuthRequest(request).oauth.oauth_signature).toBe('cs&sec-1');
    expect(verifies(request, 'cs', 'sec-1')).toBe(true);
    expect(verifies(request, 'cs', 'sec-2')).toBe(false);
  });

  it('a non-default port, OAuth parameters in the header', () => {
    const request = signedByLibrary({
      method: 'PUT',
      origin: 'http://127.0.0.1:18080',
      path: '/xn/rest/apiexample/1.0/BlogPost',
      form: { id: '1234567:BlogPost:112', title: 'Ünïcödé (edited)' },
      oauthIn: 'header',
    });
    expect(request.baseUri).toBe('http://127.0.0.1:18080/xn/rest/apiexample/1.0/BlogPost');
    expect(verifies(request, 'cs', 'sec-1')).toBe(true);
  });
});

describe('RFC 5849', () => {
  it('builds the base string of the example in 3.4.1.1', () => {
    const { baseString, oauth } = collectOAuthRequest({
      method: 'POST',
      baseUri: normaliseBaseUri('http', 'example.com', '/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'),
      query: 'b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      form: 'c2&a3=2+q',
      authorization: `OAuth realm="Example",
                oauth_consumer_key="9djdj82h48djs9d2",
                oauth_token="kkk9d7dh3k39sjv7",
                oauth_signature_method="HMAC-SHA1",
                oauth_timestamp="137131201",
                oauth_nonce="7d8f3e4a",
                oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"`,
    });
    expect(baseString).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
    expect(oauth.oauth_signature).toBe('bYT5CMsGcbgUdFHObYMEfcx6bsw=');
  });

  it('normalises the base string URI as in 3.4.1.2', () => {
    expect(normaliseBaseUri('HTTP', 'EXAMPLE.COM:80', '/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(normaliseBaseUri('https', 'www.example.net:8080', '/?q=1')).toBe('https://www.example.net:8080/');
    expect(normaliseBaseUri('https:', 'Example.com:443', '')).toBe('https://example.com/');
    expect(normaliseBaseUri('http', 'example.com:443', '/a')).toBe('http://example.com:443/a');
    expect(normaliseBaseUri('http', '[::1]:8080', '/a')).toBe('http://[::1]:8080/a');
  });
});

describe('reading OAuth parameters', () => {
  it('ignores other authorization schemes', () => {
    expect(parseAuthorizationHeader('Basic dGVzdEBleGFtcGxlLmNvbTpwdw==')).toBeNull();
    expect(parseAuthorizationHeader('OAuthish a="b"')).toBeNull();
  });

  it('decodes names and values and drops realm', () => {
    expect(parseAuthorizationHeader('oauth realm="x", oauth_token="a%20b%2Bc",oauth_nonce="n"')).toEqual({
      oauth_token: 'a b+c',
      oauth_nonce: 'n',
    });
  });

  it.each([
    ['a header that is not name="value" pairs', { authorization: 'OAuth oauth_token=abc' }],
    ['bad percent-encoding in the header', { authorization: 'OAuth oauth_token="%E0%A4%A"' }],
    ['an OAuth parameter in both query and header', { query: 'oauth_nonce=a', authorization: 'OAuth oauth_nonce="a"' }],
    ['an OAuth parameter in both query and form', { query: 'oauth_token=a', form: 'oauth_token=b' }],
    ['an OAuth parameter twice in the query', { query: 'oauth_token=a&oauth_token=a' }],
  ])('rejects %s with a 400', (_, parts) => {
    const request = { method: 'GET', baseUri: 'http://example.com/', query: '', form: null, ...parts };
    expect(() => collectOAuthRequest(request)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => collectOAuthRequest(request)).toThrow(ApiError);
  });

  it('signs repeated non-OAuth parameters from query and form alike', () => {
    const { params } = collectOAuthRequest({ method: 'POST', baseUri: 'http://example.com/', query: 'tag=a', form: 'tag=a' });
    expect(params).toEqual([
      ['tag', 'a'],
      ['tag', 'a'],
    ]);
  });

  it('never verifies an unsupported signature method', () => {
    expect(
      verifySignature({ signatureMethod: 'RSA-SHA1', signature: 'x', baseString: 'b', consumerSecret: 'cs', tokenSecret: '' }),
    ).toBe(false);
  });
});

// Requests the server sends to itself while it renders a page for a visitor. Each goes through
// the whole app in this process over an in-memory connection (no socket, no port), as if the
// visitor's browser had sent it: from the visitor's address, with the headers a trusted proxy
// added, so rate limits, the response cache and the links in replies are the visitor's own.
import http from 'node:http';
import { Duplex } from 'node:stream';
import { appServer } from './app-server';

export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Headers of the visitor's request the app's answer may depend on. */
const PASSED_ON = ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'accept-language', 'user-agent'];

/** A `fetch` for GETs of the visitor's `visitor` request, answered by `app` in this process. */
export function inProcessFetch(app: http.RequestListener, visitor: http.IncomingMessage): Send {
  const server = serverFor(app);
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of PASSED_ON) {
    const value = visitor.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return (url, init) => {
    if (init.method && init.method !== 'GET') return Promise.reject(new Error(`Only GETs are sent in process, not ${init.method}`));
    return new Promise<Response>((resolve, reject) => {
      const [client, serverSide] = duplexPair();
      Object.defineProperties(serverSide, {
        remoteAddress: { value: visitor.socket.remoteAddress },
        remotePort: { value: visitor.socket.remotePort },
        encrypted: { value: (visitor.socket as { encrypted?: boolean }).encrypted },
      });
      server.emit('connection', serverSide);
      // The request's own headers (a conditional request's If-None-Match) beside the visitor's.
      const requestHeaders = { ...headers, ...Object.fromEntries(new Headers(init.headers)) };
      const request = http.request({ method: 'GET', path: url, headers: requestHeaders, createConnection: () => client }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          client.destroy();
          const replyHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') replyHeaders.set(name, value);
          }
          // A 304 (the answer to a conditional request) has no body, and a Response may not have one.
          const status = response.statusCode ?? 500;
          resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: replyHeaders }));
        });
      });
      init.signal?.addEventListener('abort', () => request.destroy(new Error('aborted')));
      request.on('error', reject);
      request.end();
    });
  };
}

/** Statuses whose replies have no body. */
const NULL_BODY = new Set([204, 205, 304]);

const servers = new WeakMap<http.RequestListener, http.Server>();

/** An HTTP server of `app` that never listens: it only takes the connections handed to it. */
function serverFor(app: http.RequestListener): http.Server {
  let server = servers.get(app);
  if (!server) {
    server = appServer(app);
    servers.set(app, server);
  }
  return server;
}

/** Two connected ends of an in-memory connection: what one writes, the other reads. */
function duplexPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _encoding, callback) {
        other().push(chunk);
        callback();
      },
      final(callback) {
        other().push(null);
        callback();
      },
    });
  ends.push(
    end(() => ends[1]!),
    end(() => ends[0]!),
  );
  return [ends[0]!, ends[1]!];
}

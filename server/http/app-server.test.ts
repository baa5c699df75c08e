// The app's HTTP server makes each request and response with the app's own prototypes, so
// Express, entering the app, has nothing to change on them: the objects of every request keep
// sharing their hidden classes (app-server.ts). A listener that is not an Express app gets a
// plain server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { appServer } from './app-server';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Listens with `server` and returns its address. */
async function listening(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('appServer', () => {
  it("makes requests and responses with the app's prototypes before the app sees them, and they work as Express's", async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      res.set('X-Path', req.path).status(201).json({ query: req.query.name, ip: typeof req.ip });
    });
    const server = appServer(app);
    const born: boolean[] = [];
    // Ahead of the app's own listener: what Node made, before Express set any prototype.
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
      born.push(req instanceof http.IncomingMessage && res instanceof http.ServerResponse);
    });
    const url = await listening(server);
    const reply = await fetch(`${url}/hello?name=Ann`);
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-path')).toBe('/hello');
    expect(await reply.json()).toEqual({ query: 'Ann', ip: 'string' });
    expect(born).toEqual([true, true]);
  });

  it('gives a listener that is not an Express app a plain server', async () => {
    const server = appServer((_req, res) => res.end('plain'));
    const prototypes: unknown[] = [];
    server.prependListener('request', (req: http.IncomingMessage) => prototypes.push(Object.getPrototypeOf(req)));
    const url = await listening(server);
    expect(await (await fetch(url)).text()).toBe('plain');
    expect(prototypes).toEqual([http.IncomingMessage.prototype]);
  });
});

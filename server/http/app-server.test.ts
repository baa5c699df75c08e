// The app's HTTP server makes each request and response with the app's own prototypes, so
// Express, entering the app, has nothing to change on them: the objects of every request keep
// sharing their hidden classes (app-server.ts). A listener that is not an Express app gets a
// plain server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
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

  // V8 alone can tell whether two objects share a hidden class (%HaveSameMap, behind a flag),
  // so two requests are held side by side at the app's first middleware in a process of its own.
  it('gives the requests and responses of two requests the same hidden classes, which a plain server does not', async () => {
    expect(await sameHiddenClasses('appServer(app)')).toEqual({ requests: true, responses: true });
    expect(await sameHiddenClasses("require('node:http').createServer(app)")).toEqual({ requests: false, responses: false });
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

/** Whether two requests held at once at the app's first middleware, on `server`, share their hidden classes. */
async function sameHiddenClasses(server: string): Promise<{ requests: boolean; responses: boolean }> {
  const code = `
    const http = require('node:http');
    const app = require('express')();
    import(${JSON.stringify(pathToFileURL(`${import.meta.dirname}/app-server.ts`).href)}).then(({ appServer }) => {
      const held = [];
      app.use((req, res) => {
        held.push([req, res]);
        if (held.length < 2) return;
        const [[a, ra], [b, rb]] = held;
        process.stdout.write(JSON.stringify({ requests: %HaveSameMap(a, b), responses: %HaveSameMap(ra, rb) }));
        for (const [, r] of held) r.end();
      });
      const server = (${server}).listen(0, '127.0.0.1', () => {
        let ended = 0;
        for (let i = 0; i < 2; i++) {
          http.get({ host: '127.0.0.1', port: server.address().port, agent: false }, (r) => r.resume().on('end', () => ++ended === 2 && server.close()));
        }
      });
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '-e', code], { cwd: process.cwd() });
  return JSON.parse(stdout) as { requests: boolean; responses: boolean };
}

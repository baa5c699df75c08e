// Requests Node itself refuses before the app sees them (headers over Node's limit, bytes that
// are no HTTP) still get the error envelope with a request id, like every other refusal.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Sends raw bytes and reads the whole answer, status line to body. */
function raw(request: string): Promise<{ status: number; headers: string; body: any }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: body ? JSON.parse(body) : null });
    });
  });
}

describe('requests Node refuses', () => {
  it('answers headers over the limit with 431 in the envelope', async () => {
    const res = await raw(`GET /xn/rest/apiexample/1.0/BlogPost/recent HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({ success: false, status: 431, reason: expect.any(String), code: 5, subcode: 2, trace: expect.any(String) });
    expect(res.headers).toContain(`X-Request-Id: ${res.body.trace}`);
  });

  it('answers bytes that are no HTTP request with 400 in the envelope', async () => {
    const res = await raw('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status: 400, code: 4, subcode: 3, trace: expect.any(String) });
  });

  it('still serves a request just under the limit', async () => {
    const res = await fetch(`${server.url}/xn/rest/apiexample/1.0/BlogPost/recent`, { headers: { 'x-big': 'a'.repeat(8_000) } });
    expect(res.status).toBe(200);
  });
});

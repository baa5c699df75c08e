// A test client of server-sent events: opens GET Live as a client would (its credentials,
// Accept: text/event-stream) and collects the events as they arrive.
import type { Client, Form } from './harness';

export interface StreamEvent {
  event: string;
  id?: string;
  data: any;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The error envelope, when the stream was refused. */
  body: any;
  events: StreamEvent[];
  /** Everything received, heartbeats included. */
  text: () => string;
  /** Resolves when an event passes `test` (fails after `timeoutMs`). */
  waitFor(test: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(client: Client, query: Form = {}, base?: string): Promise<OpenStream> {
  const controller = new AbortController();
  let url = client.url('Live', query);
  if (base) url = url.replace(client.server.url, base);
  const res = await fetch(url, {
    headers: { ...client.credentialHeaders('GET'), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await res.json();
    const noop = Promise.resolve();
    return { status: res.status, headers: res.headers, body, events: [], text: () => '', ended: noop, close: () => {}, waitFor: () => Promise.reject(new Error(`refused: ${res.status}`)) };
  }
  const events: StreamEvent[] = [];
  let received = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        received += text;
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':') && l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
          if (fields.data !== undefined) events.push({ event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data) });
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    body: undefined,
    events,
    text: () => received,
    ended,
    close: () => controller.abort(),
    waitFor(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${timeoutMs} ms; received: ${received.slice(0, 2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

// Live streams (server-sent events): each open `GET Live` is one stream that listens to the
// change bus and sends its viewer what is new — new blog posts, or new comments on one item —
// after reading each through the viewer's own visibility scope, exactly as a GET would. A
// change about the viewer's membership, or about the network, ends the stream: the browser
// reconnects and the request is authorised afresh. Heartbeats keep proxies from closing an
// idle stream; a draining server ends every stream so it can stop.
import type { Response } from 'express';
import type { Change, ChangeBus } from '../../lib/changes';

export interface LiveEvent {
  event: string;
  id?: string;
  data: unknown;
}

export interface StreamSpec {
  res: Response;
  bus: ChangeBus;
  /** What a change means for this viewer: events to send (after reading through their scope), 'end', or nothing. */
  react: (change: Change) => Promise<LiveEvent[] | 'end'> | LiveEvent[] | 'end';
}

/** How long an ended stream's connection may take to close before it is cut. */
const SOCKET_GRACE_MS = 500;

/** Reconnection delay the browser is told to use, in ms. */
const RETRY_MS = 3000;

export class LiveStreams {
  private readonly open = new Set<() => void>();
  private draining = false;

  constructor(private readonly heartbeatMs: number) {}

  get size(): number {
    return this.open.size;
  }

  /** Streams events to `res` until the client goes, the stream ends itself, or the server drains. */
  stream({ res, bus, react }: StreamSpec): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform: a compressing proxy or middleware must pass events through as they come.
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    // The connection ends with the stream: nothing is left half-open when the server drains.
    res.setHeader('Connection', 'close');
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    if (this.draining) {
      res.end();
      return Promise.resolve();
    }

    return new Promise<void>((resolve) => {
      // Changes are handled one after another, so events go out in the order of the changes.
      let queue = Promise.resolve();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        this.open.delete(end);
        if (!res.writableEnded) res.end();
        // A client that went away without closing its side would hold the connection open.
        const socket = res.socket;
        if (socket) setTimeout(() => socket.destroy(), SOCKET_GRACE_MS).unref();
        resolve();
      };
      const unsubscribe = bus.subscribe((change) => {
        queue = queue.then(async () => {
          if (ended) return;
          const outcome = await react(change);
          if (ended) return;
          if (outcome === 'end') return end();
          for (const e of outcome) res.write(formatEvent(e));
        }).catch(() => end());
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), this.heartbeatMs);
      this.open.add(end);
      res.on('close', end);
    });
  }

  /** Ends every stream and refuses to keep new ones open (the server is stopping). */
  drain(): void {
    this.draining = true;
    for (const end of [...this.open]) end();
  }
}

export function formatEvent({ event, id, data }: LiveEvent): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

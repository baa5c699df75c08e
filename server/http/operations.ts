// What operators and orchestrators poll: liveness (`/livez`: the process answers),
// readiness (`/readyz`, and `/healthz` as before: the database answers and the server is
// not draining for shutdown) and Prometheus metrics (`/metrics`).
import crypto from 'node:crypto';
import express, { type Request } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Metrics } from './metrics';

/** Shared with the server's stop(): once draining, readiness fails so balancers send no new work. */
export interface Lifecycle {
  draining: boolean;
}

export interface OperationsOptions {
  db: Db;
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** When set, `/metrics` wants `Authorization: Bearer <token>`; else it answers direct local connections only. */
  metricsToken?: string;
}

const READY_TIMEOUT_MS = 2000;

export function operationsRouter({ db, metrics, lifecycle, metricsToken }: OperationsOptions): express.Router {
  const router = express.Router();
  router.get('/livez', (_req, res) => {
    res.json({ ok: true });
  });
  const ready: express.RequestHandler = async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (lifecycle.draining) {
      res.status(503).json({ ok: false, reason: 'shutting down' });
      return;
    }
    try {
      await withTimeout(sql`select 1`.execute(db), READY_TIMEOUT_MS);
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false, reason: 'database unavailable' });
    }
  };
  router.get('/readyz', ready);
  router.get('/healthz', ready);
  router.get('/metrics', async (req, res) => {
    if (!mayReadMetrics(req, metricsToken)) {
      res.status(403).type('text/plain').send('Metrics are for the operator: set METRICS_TOKEN and send it as a Bearer token.\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}

/**
 * Metrics tell traffic and timings, so they are not for everyone: with a token configured, the
 * bearer of it; without, only a scraper on this machine talking to the server directly
 * (a reverse proxy adds X-Forwarded-For, so requests through it are refused).
 */
function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token) return sameSecret(req.get('authorization') ?? '', `Bearer ${token}`);
  const peer = req.socket.remoteAddress ?? '';
  const local = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return local && req.get('x-forwarded-for') === undefined && req.get('forwarded') === undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

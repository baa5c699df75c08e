// Prometheus metrics (prom-client): requests by route and status, their latencies, requests
// in flight, database queries and the connection pool, and the process's own (memory, CPU,
// event loop lag). Each server has its own registry, so tests can run several in one process.
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database';

export interface Metrics {
  registry: Registry;
  /** Counts and times every request, labelled by the route that answered it. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  observeQuery(durationMs: number, failed: boolean): void;
  /** Counts and times a request answered before the middleware (from the response cache), since `startedAt` (hrtime). */
  observe(method: string, route: string, status: number, startedAt: bigint): void;
  watchPool(stats: () => PoolStats): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its response',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Counted in a plain number and read when scraped, rather than set on every request.
  let answering = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers: [registry],
    collect() {
      this.set(answering);
    },
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database query time',
    labelNames: ['outcome'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  let pool: (() => PoolStats) | undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (total, idle) and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      const stats = pool();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Most database connections the pool opens',
    registers: [registry],
    collect() {
      if (pool) this.set(pool().max);
    },
  });

  const observe = (method: string, route: string, status: number, startedAt: bigint) => {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    duration.observe(labels, Number(process.hrtime.bigint() - startedAt) / 1e9);
  };

  return {
    registry,
    middleware(req, res, next) {
      const startedAt = process.hrtime.bigint();
      answering++;
      res.once('close', () => {
        answering--;
        observe(req.method, routeOf(req), res.statusCode, startedAt);
      });
      next();
    },
    observe,
    observeQuery(durationMs, failed) {
      queries.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000);
    },
    watchPool(stats) {
      pool = stats;
    },
  };
}

/**
 * The route pattern that answered, never the raw URL (ids would make every request its own
 * series): `/xn/rest/:network/1.0/BlogPost/recent`, `/xn/images/...`, `web` for the app's pages.
 */
function routeOf(req: Request): string {
  const path = req.originalUrl.split('?')[0]!;
  const pattern = req.route?.path;
  if (typeof pattern !== 'string') return path.startsWith('/xn/') ? 'unmatched' : 'web';
  if (path.startsWith('/xn/rest/') && !pattern.startsWith('/xn/')) return `/xn/rest/:network/1.0${pattern}`;
  if (path.startsWith('/xn/images/')) return `/xn/images${pattern}`;
  return pattern;
}

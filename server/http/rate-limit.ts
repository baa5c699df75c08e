// Per-caller request limits, as middleware in front of the REST service and the photo images.
// A caller is the credential that identified it (access token, session or OAuth token), else
// its address; beyond its requests per minute it gets 503 with Retry-After and code 5-1, as
// the historical API answered. Counts live in Redis when one is configured, so every instance
// shares them, else in this process.
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface RateLimit {
  /** Counts one request under a key; throws the 503 error once the key is over its limit. */
  consume(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Requests per caller and minute; 0 turns limiting off. */
  perMinute: number;
  redis?: Redis;
  /** Prefix of the limiter's keys, so several deployments can share one Redis. */
  keyPrefix: string;
}

export function rateLimit({ perMinute, redis, keyPrefix }: RateLimitOptions): RateLimit {
  if (perMinute === 0) return { consume: async () => {} };
  const limits = { points: perMinute, duration: 60, keyPrefix };
  const limiter = redis
    ? new RateLimiterRedis({
        ...limits,
        storeClient: redis,
        // While Redis is unreachable each instance counts on its own rather than failing requests.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(limits),
      })
    : new RateLimiterMemory(limits);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ApiError(503, 5, 1, `Too many requests; try again in ${seconds} seconds.`, { 'Retry-After': String(seconds) });
      }
    },
  };
}

/**
 * Middleware, after `identifyCaller`: counts the request against its caller, then answers a
 * request that was to be refused, so refused credentials count against the address too.
 */
export function limitRequests(limit: RateLimit): RequestHandler {
  return async (req, _res, next) => {
    await limit.consume(callerKey(req));
    if (req.refusal) throw req.refusal;
    next();
  };
}

/** The key a request counts under: its verified credential, else the client's address. */
function callerKey(req: Request): string {
  return req.caller?.credential ?? `address:${req.ip ?? 'unknown'}`;
}

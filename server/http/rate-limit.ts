// Per-caller request limits, as middleware in front of the REST service and the photo images.
// A caller is the credential that identified it (access token, session or OAuth token), else
// its address; beyond its requests per minute it gets 503 with Retry-After and code 5-1, as
// the historical API answered. Counts live in Redis when one is configured, so every instance
// shares them, else in this process.
import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../lib/errors';

export interface RateLimit {
  /** False when limiting is off (0 per minute). */
  enabled: boolean;
  /** Counts one request under a key; throws the 503 error once the key is over its limit. */
  consume(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Requests per caller and minute; 0 turns limiting off. */
  perMinute: number;
  redis?: Redis;
  /** Prefix of the limiter's keys, so several deployments can share one Redis. */
  keyPrefix: string;
  /** In a worker of several on one machine (`WORKERS`): without Redis, the primary process keeps the counts. */
  clusterWorker?: boolean;
}

export function rateLimit({ perMinute, redis, keyPrefix, clusterWorker = false }: RateLimitOptions): RateLimit {
  if (perMinute === 0) return { enabled: false, consume: async () => {} };
  const limits = { points: perMinute, duration: 60, keyPrefix };
  const limiter = redis
    ? new RateLimiterRedis({
        ...limits,
        storeClient: redis,
        // While Redis is unreachable each instance counts on its own rather than failing requests.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(limits),
      })
    : clusterWorker
      ? new RateLimiterCluster({ ...limits, timeoutMs: 1000 })
      : new RateLimiterMemory(limits);
  return {
    enabled: true,
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ApiError('rateLimited', `Too many requests; try again in ${seconds} seconds.`, { 'Retry-After': String(seconds) });
      }
    },
  };
}

/**
 * Middleware, after `identifyCaller`: counts the request against its caller, then answers a
 * request that was to be refused, so refused credentials count against the address too.
 */
export function limitRequests(limit: RateLimit): RequestHandler {
  return async (req, res, next) => {
    // Counted already when the response cache let it through (response-cache.ts: admitted).
    if (res.locals.admitted !== true) await limit.consume(callerKey(req));
    if (req.refusal) throw req.refusal;
    next();
  };
}

/** The key a request counts under: its verified credential, else the client's address. */
export function callerKey(req: Request): string {
  return req.caller?.credential ?? `address:${req.ip ?? 'unknown'}`;
}

/**
 * Failed sign-ins (POST Session, POST Token, joining with a taken email), counted per account
 * and per address: past either limit, further attempts are refused with 503 5-1 and
 * Retry-After before the password is even checked, so guessing one member's password from
 * many addresses, or many members' from one, stops quickly. A successful sign-in clears its
 * account's count. Unknown emails are counted like known ones, so the limit reveals nothing.
 */
export interface SignInThrottle {
  /** Throws the 503 error while the account or the address has failed too often. */
  check(account: string, address: string): Promise<void>;
  failed(account: string, address: string): Promise<void>;
  succeeded(account: string): Promise<void>;
}

export const SIGN_IN_LIMITS = { perAccount: 10, perAddress: 100, minutes: 15 };

export function signInThrottle({
  enabled,
  redis,
  keyPrefix,
  clusterWorker = false,
}: {
  enabled: boolean;
  redis?: Redis;
  keyPrefix: string;
  /** In a worker of several on one machine: without Redis, the primary process keeps the counts. */
  clusterWorker?: boolean;
}): SignInThrottle {
  if (!enabled) return { check: async () => {}, failed: async () => {}, succeeded: async () => {} };
  const make = (points: number, prefix: string) => {
    const limits = { points, duration: SIGN_IN_LIMITS.minutes * 60, keyPrefix: `${keyPrefix}${prefix}` };
    return redis
      ? new RateLimiterRedis({ ...limits, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(limits) })
      : clusterWorker
        ? new RateLimiterCluster({ ...limits, timeoutMs: 1000 })
        : new RateLimiterMemory(limits);
  };
  const perAccount = make(SIGN_IN_LIMITS.perAccount, 'account');
  const perAddress = make(SIGN_IN_LIMITS.perAddress, 'address');
  const accountKey = (account: string) => crypto.createHash('sha256').update(account.trim().toLowerCase()).digest('hex');
  const ignoreRefusal = (error: unknown) => {
    if (!(error instanceof RateLimiterRes)) throw error;
  };
  return {
    async check(account, address) {
      const [a, b] = await Promise.all([perAccount.get(accountKey(account)), perAddress.get(address)]);
      const over = [
        [a, SIGN_IN_LIMITS.perAccount],
        [b, SIGN_IN_LIMITS.perAddress],
      ].filter(([res, points]) => res && (res as RateLimiterRes).consumedPoints >= (points as number));
      if (!over.length) return;
      const ms = Math.max(...over.map(([res]) => (res as RateLimiterRes).msBeforeNext));
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      throw new ApiError('rateLimited', `Too many failed sign-ins; try again in ${Math.ceil(seconds / 60)} minutes.`, { 'Retry-After': String(seconds) });
    },
    async failed(account, address) {
      await Promise.all([perAccount.consume(accountKey(account)).catch(ignoreRefusal), perAddress.consume(address).catch(ignoreRefusal)]);
    },
    async succeeded(account) {
      await perAccount.delete(accountKey(account));
    },
  };
}

// The HTTP server of the Express app. Express gives each request and response the app's
// prototypes (`app.request`, `app.response`) as it enters the app, with Object.setPrototypeOf.
// V8 then makes the two objects new hidden classes, request after request, so every
// property read or written on them through the middlewares and the service misses the
// inline caches and is looked up the slow way (about 140 such misses per request). Made with
// those prototypes from the start, the objects of every request share their hidden classes,
// and Express's own Object.setPrototypeOf, to the prototype they already have, changes nothing.
import http from 'node:http';
import type { Express } from 'express';

export function appServer(app: http.RequestListener): http.Server {
  const { request, response } = app as Partial<Pick<Express, 'request' | 'response'>>;
  const IncomingMessage = request && madeWith(http.IncomingMessage, request);
  const ServerResponse = response && madeWith(http.ServerResponse, response);
  if (!IncomingMessage || !ServerResponse) return http.createServer(app);
  return http.createServer({ IncomingMessage, ServerResponse } as http.ServerOptions, app);
}

/**
 * A constructor of `base`'s objects whose prototype is `prototype` from the start; undefined
 * where `base` is a class, which cannot be called on an object made beforehand. (Made with
 * Reflect.construct instead, the objects get new hidden classes again, every one.)
 */
function madeWith<C>(base: C & (new (...args: any[]) => object), prototype: object): C | undefined {
  if (Function.prototype.toString.call(base).startsWith('class')) return undefined;
  function Made(this: object, ...args: unknown[]) {
    (base as unknown as (...args: unknown[]) => void).apply(this, args);
  }
  Made.prototype = prototype;
  return Made as unknown as C;
}

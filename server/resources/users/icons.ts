// Serves members' uploaded icons at /xn/icons/<accountId>/<version>.webp from the database.
// A new upload gets a new URL, so an icon never changes under its URL and caches keep it a
// year; an icon replaced since is 404. Icons are shown wherever the member is, so they are public.
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { findIcon } from './store';

const ICON = /^(\d{1,15})\/(\d{1,15})\.webp$/;

export function iconRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get(/^\/.*$/, async (req: Request, res: Response) => {
    const match = ICON.exec(req.path.slice(1));
    const icon = match && (await findIcon(deps.db, Number(match[1]), Number(match[2])));
    if (!icon) throw new ApiError('noSuchItem', 'No such icon.');
    res.set({
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.send(icon.bytes);
  });
  router.use((req: Request) => {
    throw new ApiError('noSuchEndpoint', `No endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`);
  });
  return router;
}

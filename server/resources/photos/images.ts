// Serves photo images at stable URLs, /xn/images/<networkId>/<photoId>/<size>.<ext>, from
// the database, so every server instance serves every image. Mounted behind
// `identifyCaller` and the rate limiter, like the REST service. The visibility scope applies
// as on every read path: the image of a photo the caller cannot see is 404.
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import type { PhotoSize } from '../../db/schema';
import { findNetworkById } from '../networks/store';
import { FILE_EXTENSIONS } from './schema';
import { findVisibleImage } from './store';

const IMAGE_FILE = /^(large|medium|thumbnail)\.([a-z]+)$/;
const ID = /^\d{1,15}$/;

/** An image never changes under its URL (a photo keeps its image for life), so caches may keep it for a year. */
const CACHE_FOR = 'max-age=31536000, immutable';

/** The network of an image URL, for `identifyCaller`. */
export async function networkOfImage(deps: AppDeps, req: Request) {
  const id = String(req.params.networkId ?? '');
  const network = ID.test(id) ? await findNetworkById(deps.db, Number(id)) : undefined;
  if (!network) throw new ApiError('noSuchItem', 'No such image.');
  return network;
}

export function photoImageRouter(deps: AppDeps): express.Router {
  const router = express.Router({ mergeParams: true });
  router.get('/:photoId/:file', async (req: Request<Record<string, string>>, res: Response) => {
    const file = IMAGE_FILE.exec(req.params.file!);
    if (!file || !ID.test(req.params.photoId!)) throw new ApiError('noSuchItem', 'No such image.');
    const network = req.network!;
    const scope = { viewer: req.caller!.viewer, network, now: Date.now() };
    const image = await findVisibleImage(deps.db, scope, Number(req.params.photoId), file[1] as PhotoSize);
    if (!image || FILE_EXTENSIONS[image.image_format] !== file[2]) throw new ApiError('noSuchItem', 'No such image.');
    // Only what everyone may see goes into shared caches.
    const forEveryone = !network.is_private && image.visibility === 'all' && image.approved === 1;
    res.set({
      'Content-Type': `image/${image.image_format}`,
      'Cache-Control': `${forEveryone ? 'public' : 'private'}, ${CACHE_FOR}`,
      // Other sites' pages (the historical API's clients) show these images.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.send(image.bytes);
  });
  // Any other method (OPTIONS included, which Express would answer by itself) gets the envelope.
  router.use((req: Request) => {
    throw new ApiError('noSuchEndpoint', `No endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`);
  });
  return router;
}

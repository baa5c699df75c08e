// Serves photo images at stable URLs, /xn/images/<networkId>/<photoId>/<size>.<ext>, from
// the database, so every server instance serves every image. The visibility scope applies
// as on every read path: the image of a photo the caller cannot see is 404.
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../../http/endpoint';
import { authenticate } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { PhotoSize } from '../../db/schema';
import { FILE_EXTENSIONS } from './schema';
import { findVisibleImage } from './store';

const IMAGE_FILE = /^(large|medium|thumbnail)\.([a-z]+)$/;
const ID = /^\d{1,15}$/;

/** An image never changes under its URL (a photo keeps its image for life), so caches may keep it for a year. */
const CACHE_FOR = 'max-age=31536000, immutable';

export function photoImageRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/:networkId/:photoId/:file', async (req: Request<Record<string, string>>, res: Response) => {
    const file = IMAGE_FILE.exec(req.params.file!);
    if (!file || !ID.test(req.params.networkId!) || !ID.test(req.params.photoId!)) throw notFound('No such image.');
    const network = await deps.db.selectFrom('networks').selectAll().where('id', '=', Number(req.params.networkId)).executeTakeFirst();
    if (!network) throw notFound('No such image.');
    const now = Date.now();
    const { viewer } = await authenticate(req, deps.db, network, now);
    const image = await findVisibleImage(deps.db, { viewer, network, now }, Number(req.params.photoId), file[1] as PhotoSize);
    if (!image || FILE_EXTENSIONS[image.image_format] !== file[2]) throw notFound('No such image.');
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
  return router;
}

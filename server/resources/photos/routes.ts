// Photo route table.
import { endpoint } from '../../http/endpoint';
import { entries, idInNetwork, idsOfNetwork, listing } from '../../http/reply';
import { uploadedFile, type UploadSpec } from '../../http/upload';
import { checkCreatedAfter, checkPrivateFilter } from '../blog-posts/service';
import { MAX_PHOTO_BYTES } from './renditions';
import { countParams, createParams, deleteParams, featuredParams, getParams, photoEntry, photoPresenter, recentParams, updateParams } from './schema';
import { changePhoto, createPhoto, removePhoto } from './service';
import { countPhotos, getPhotos, listPhotos } from './store';

const PHOTO_UPLOAD: UploadSpec = { field: 'file', maxBytes: MAX_PHOTO_BYTES };

export const photoEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Photo',
    allow: 'anyone',
    summary: 'One photo, or several with a repeated id (at most 100).',
    params: getParams,
    entry: photoEntry,
    handle: async (ctx, p) => entries(ctx, photoPresenter, await getPhotos(ctx.db, ctx, idsOfNetwork(ctx, p.id)), p.fields, p.id.length === 1),
  }),
  endpoint({
    method: 'GET',
    path: 'Photo/recent',
    allow: 'anyone',
    summary: 'Photos, newest first.',
    params: recentParams,
    entry: photoEntry,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      const page = await listPhotos(ctx.db, ctx, p, 'created', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, photoPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Photo/featured',
    allow: 'anyone',
    summary: 'Featured photos, most recently featured first.',
    params: featuredParams,
    entry: photoEntry,
    handle: async (ctx, p) => {
      const page = await listPhotos(ctx.db, ctx, {}, 'featured', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, photoPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Photo/count',
    allow: 'anyone',
    summary: 'How many photos there are, or were created after a date at most one week ago.',
    params: countParams,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      if (p.createdAfter !== undefined) checkCreatedAfter(ctx, p.createdAfter);
      return { count: await countPhotos(ctx.db, ctx, p) };
    },
  }),
  endpoint({
    method: 'POST',
    path: 'Photo',
    allow: 'member',
    summary:
      "Uploads a photo: multipart/form-data with a JPEG, PNG, WebP or GIF image of at most 10 MB in the part 'file'. " +
      'The image is re-encoded without its metadata (EXIF, GPS) in three sizes (longest side 2048, 1024 and 320 pixels).',
    params: createParams,
    upload: PHOTO_UPLOAD,
    handle: async (ctx, p) => {
      const file = uploadedFile(ctx.req, PHOTO_UPLOAD);
      return { id: `${ctx.network.id}:Photo:${await createPhoto(ctx, p, file.buffer)}` };
    },
  }),
  endpoint({
    method: 'PUT',
    path: 'Photo',
    allow: 'member',
    summary: 'Updates a photo (its author or an administrator); a tag set replaces its tags.',
    params: updateParams,
    handle: async (ctx, p) => {
      await changePhoto(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Photo',
    allow: 'member',
    summary: 'Deletes a photo with its image, comments and tags (its author or an administrator).',
    params: deleteParams,
    handle: async (ctx, p) => {
      await removePhoto(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];

// Photo route table.
import { endpoint } from '../../http/endpoint';
import { idInNetwork } from '../../http/reply';
import { uploadedFile, type UploadSpec } from '../../http/upload';
import { contentReadEndpoints } from '../content/routes';
import { MAX_PHOTO_BYTES } from './renditions';
import { createParams, deleteParams, photoEntry, photoPresenter, updateParams } from './schema';
import { changePhoto, createPhoto, removePhoto } from './service';
import { photoStore } from './store';

const PHOTO_UPLOAD: UploadSpec = { field: 'file', maxBytes: MAX_PHOTO_BYTES };

export const photoEndpoints = [
  ...contentReadEndpoints({
    type: 'Photo',
    noun: 'photo',
    presenter: photoPresenter,
    entry: photoEntry,
    store: photoStore,
    count: { summary: 'How many photos there are, or were created after a date at most one week ago.' },
  }),
  endpoint({
    method: 'POST',
    path: 'Photo',
    allow: 'member',
    summary:
      "Uploads a photo: multipart/form-data with a JPEG, PNG, WebP or GIF image of at most 10 MB in the part 'file'. " +
      'The image is re-encoded without its metadata (EXIF, GPS) in three sizes (longest side 2048, 1024 and 320 pixels).',
    params: createParams,
    restricted: { approved: 'admin' },
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
    restricted: { approved: 'admin' },
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

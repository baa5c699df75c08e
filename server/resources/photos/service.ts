// Photo use-cases: uploading (the image decoded and re-encoded before anything is stored,
// then the photo with its image sizes, tags and CreatePhoto event in one transaction),
// changing and removing a photo with everything attached to it.
import type { SignedInActor } from '../../http/endpoint';
import { isAdmin } from '../../lib/viewer';
import { sanitizeDescription } from '../../lib/sanitize';
import type { Visibility } from '../../db/schema';
import { normaliseTags } from '../tags/store';
import { contentPatch, createContent, editableContent } from '../content/service';
import { renderPhoto } from './renditions';
import { deletePhotoImages, findPhotoRow, insertPhoto, photoStore, updatePhoto } from './store';

export interface PhotoInput {
  title?: string;
  description?: string;
  tag?: string[];
  visibility?: Visibility;
  approved?: boolean;
}

export async function createPhoto(ctx: SignedInActor, input: PhotoInput, upload: Buffer): Promise<number> {
  const approved = input.approved ?? !(ctx.network.photo_moderation && !isAdmin(ctx.viewer));
  const tags = normaliseTags(input.tag ?? []);
  const title = (input.title ?? '').trim();
  const { format, renditions } = await renderPhoto(upload);
  const large = renditions.find((r) => r.size === 'large')!;
  return createContent(ctx, { type: 'Photo', title, tags, visibility: input.visibility ?? 'all' }, (tx) =>
    insertPhoto(
      tx,
      {
        network_id: ctx.network.id,
        author_id: ctx.viewer.accountId,
        title,
        description: sanitizeDescription(input.description ?? ''),
        visibility: input.visibility ?? 'all',
        approved: approved ? 1 : 0,
        featured_at: null,
        image_format: format,
        image_width: large.width,
        image_height: large.height,
        created_at: ctx.now,
        updated_at: ctx.now,
      },
      renditions,
    ),
  );
}

const photos = editableContent({
  type: 'Photo',
  what: 'this photo',
  find: findPhotoRow,
  store: photoStore,
  update: updatePhoto,
  beforeRemove: deletePhotoImages,
});

export async function changePhoto(ctx: SignedInActor, id: number, input: PhotoInput): Promise<void> {
  await photos.change(ctx, id, input.tag, () => ({
    ...contentPatch(ctx, input),
    ...(input.title !== undefined && { title: input.title.trim() }),
  }));
}

export function removePhoto(ctx: SignedInActor, id: number): Promise<void> {
  return photos.remove(ctx, id);
}

// Turns an uploaded file into a photo's display sizes. sharp (libvips) decodes the file and
// encodes each size afresh, auto-oriented by its EXIF orientation; no metadata block (EXIF
// with GPS, XMP, IPTC, comments) survives, because sharp keeps none unless asked to.
import sharp from 'sharp';
import { ApiError } from '../../lib/errors';
import type { PhotoFormat, PhotoSize } from '../../db/schema';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Room for any camera's photo; a larger canvas (a decompression bomb) is refused before decoding. */
const MAX_PIXELS = 100_000_000;

/** Longest side of each display size, in pixels; smaller images are never enlarged. */
export const DISPLAY_SIZES: Record<PhotoSize, number> = { large: 2048, medium: 1024, thumbnail: 320 };

/** Each format is stored as itself, so transparency and animation survive. */
const ENCODINGS: Record<PhotoFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 85, progressive: true, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  webp: (image) => image.webp({ quality: 85 }),
  gif: (image) => image.gif(),
};

export interface Rendition {
  size: PhotoSize;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface RenderedPhoto {
  format: PhotoFormat;
  renditions: Rendition[];
}

export const unsupportedImage = () =>
  new ApiError('unsupportedMediaType', "The 'file' part must be a JPEG, PNG, WebP or GIF image.");

export async function renderPhoto(upload: Buffer): Promise<RenderedPhoto> {
  const format = await acceptedFormat(upload);
  // failOn 'error' refuses truncated or corrupt pixel data but tolerates the harmless
  // warnings many cameras' files raise.
  const source = sharp(upload, { animated: true, failOn: 'error', limitInputPixels: MAX_PIXELS }).autoOrient();
  try {
    const renditions = await Promise.all(
      (Object.entries(DISPLAY_SIZES) as [PhotoSize, number][]).map(async ([size, side]) => {
        const resized = source.clone().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
        const { data, info } = await ENCODINGS[format](resized).toBuffer({ resolveWithObject: true });
        // An animation's height is that of one frame, not of the strip of all frames.
        return { size, width: info.width, height: info.pageHeight ?? info.height, bytes: data };
      }),
    );
    return { format, renditions };
  } catch {
    throw unsupportedImage();
  }
}

/** Side of a member's icon, in pixels: square, cropped around what draws the eye. */
export const ICON_SIDE = 256;
export const MAX_ICON_BYTES = 5 * 1024 * 1024;

/** A member's icon from an uploaded image: square, WebP, without metadata (first frame of an animation). */
export async function renderIcon(upload: Buffer): Promise<Buffer> {
  await acceptedFormat(upload);
  try {
    return await sharp(upload, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize({ width: ICON_SIDE, height: ICON_SIDE, fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unsupportedImage();
  }
}

async function acceptedFormat(upload: Buffer): Promise<PhotoFormat> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw unsupportedImage();
  }
  const format = metadata.format as PhotoFormat;
  if (!Object.hasOwn(ENCODINGS, format)) throw unsupportedImage();
  if (metadata.width * metadata.height * (metadata.pages ?? 1) > MAX_PIXELS) {
    throw new ApiError('tooLarge', `The image may have at most ${MAX_PIXELS / 1_000_000} million pixels.`);
  }
  return format;
}

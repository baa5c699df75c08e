// Images the photo tests upload, made with sharp so that no binary fixture is needed: a
// camera-like JPEG with GPS coordinates in its EXIF, and one image of each accepted format.
import sharp from 'sharp';
import type { UploadFile } from '../../test/harness';
import type { Client, TestServer } from '../../test/harness';

const canvas = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 60, b: 40, alpha: alpha ? 0.5 : 1 } } });

/** A JPEG as a phone writes it: camera make, GPS position and an EXIF orientation. */
export async function cameraJpeg(width: number, height: number, orientation = 1): Promise<UploadFile> {
  const bytes = await canvas(width, height)
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2417/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .toBuffer();
  return { name: 'IMG_0001.JPG', type: 'image/jpeg', bytes };
}

export async function png(width = 40, height = 30): Promise<UploadFile> {
  return { name: 'drawing.png', type: 'image/png', bytes: await canvas(width, height, true).png().toBuffer() };
}

export async function webp(width = 40, height = 30): Promise<UploadFile> {
  return { name: 'picture.webp', type: 'image/webp', bytes: await canvas(width, height).webp().toBuffer() };
}

/** A two-frame animated GIF. */
export async function animatedGif(width = 40, height = 30): Promise<UploadFile> {
  const frame = (r: number) =>
    sharp({ create: { width, height, channels: 4, background: { r, g: 0, b: 255 - r, alpha: 1 } } }).png().toBuffer();
  const bytes = await sharp([await frame(255), await frame(0)], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
  return { name: 'wave.gif', type: 'image/gif', bytes };
}

export const textFile = (): UploadFile => ({ name: 'notes.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all\n') });

/** The first half of a real JPEG: its header reads fine, its pixels end too soon. */
export async function truncatedJpeg(): Promise<UploadFile> {
  const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  return { name: 'broken.jpg', type: 'image/jpeg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) };
}

export const svg = (): UploadFile => ({
  name: 'vector.svg',
  type: 'image/svg+xml',
  bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
});

/** Uploads an image (a small PNG unless told otherwise) and returns the new photo's id. */
export async function uploadPhoto(client: Client, fields: Record<string, string | string[]> = {}, file?: UploadFile): Promise<string> {
  const res = await client.upload('Photo', fields, { file: file ?? (await png()) });
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Rows of every table an upload writes to, to show that a refused one stored nothing. */
export async function storedRows(server: TestServer) {
  const count = async (table: 'photos' | 'photo_images' | 'activities' | 'item_tags') =>
    Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { photos: await count('photos'), images: await count('photo_images'), activities: await count('activities'), tags: await count('item_tags') };
}

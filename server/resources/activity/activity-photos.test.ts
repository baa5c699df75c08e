// Story: photos in the feed. An uploaded photo and the comments on it carry the photo's image
// (its key in the entry, url and size in `resources`); a friends-only photo stays out of a
// stranger's feed like any other friends-only item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { png } from '../photos/test-images';

let server: TestServer;
let pia: Client;
let quinn: Client;

beforeAll(async () => {
  server = await startTestServer();
  pia = await server.signUp('Pia Pictures');
  quinn = await server.signUp('Quinn Quiet');
});
afterAll(() => server.stop());

describe('photos in the activity feed', () => {
  it('shows a photo and a comment on it with the photo’s image', async () => {
    const photo = (await pia.upload('Photo', { title: 'Pier' }, { file: await png(40, 30) })).body.id as string;
    await quinn.post('Comment', { attachedTo: photo, description: 'Nice light' });

    const res = await quinn.get('Activity/recent', { count: 2 });
    const [commented, created] = res.body.entry;
    const key = `/xn/images/${server.networkId}/${photo.split(':')[2]}/large.png`;
    expect(created).toMatchObject({
      type: 'CreatePhoto',
      contentId: photo,
      title: 'Pier',
      image: key,
      url: expect.stringMatching(new RegExp(`/n/apiexample/photos/${encodeURIComponent(photo)}$`)),
    });
    expect(commented).toMatchObject({ type: 'CreatePhotoComment', attachedTo: photo, attachedToType: 'Photo', image: key, url: created.url });
    expect(res.body.resources[key]).toMatchObject({ url: expect.stringMatching(new RegExp(`^http.*${key}$`)), width: 40, height: 30 });
    expect((await quinn.get(new URL(res.body.resources[key].url).pathname)).status).toBe(200);
  });

  it('keeps a friends-only photo out of a stranger’s feed', async () => {
    await pia.upload('Photo', { title: 'Just for friends', visibility: 'friends' }, { file: await png() });
    const titles = async (client: Client) =>
      (await client.get('Activity/recent', { type: 'CreatePhoto', count: 10 })).body.entry.map((e: { title: string }) => e.title);
    expect(await titles(pia)).toContain('Just for friends');
    expect(await titles(quinn)).not.toContain('Just for friends');
    expect((await quinn.get('Activity/count', { type: 'CreatePhoto' })).body.count).toBe(1);
  });
});

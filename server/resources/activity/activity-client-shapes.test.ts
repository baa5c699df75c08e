// The Activity requests historical client programs send (oauth-vectors.jsonl): the feed with
// every field and sub-property named, and DELETE with a whole entry's keys sent back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startTestServer, type TestServer } from '../../test/harness';
import { ISO_DATE, listedIds } from '../../test/expect-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// Exactly as the PHP client asks, repeats included.
const CLIENT_FIELDS =
  'id,author,createdDate,attachedTo,attachedToAuthor,attachedToType,author,contentId,createdDate,description,id,image,type,title,url,' +
  'attachedToAuthor.fullName,attachedToAuthor.url,attachedToAuthor.iconUrl,author.fullName,author.url,author.iconUrl,image.url,image.width,image.height';

describe('Activity as client programs call it', () => {
  it('answers the feed request with every field and sub-property', async () => {
    const writer = await server.signUp('Wanda Writer');
    const replier = await server.signUp('Ray Replier');
    const post = (await writer.post('BlogPost', { title: 'Signed feed' })).body.id as string;
    await replier.post('Comment', { attachedTo: post, description: 'Signed reply' });

    const program = await server.oauthFor(replier.who);
    const res = await program.request('GET', 'Activity/recent', { fields: CLIENT_FIELDS }, { placement: 'query' });
    listedIds(res);
    const [comment] = res.body.entry;
    expect(Object.keys(comment).sort()).toEqual(
      ['id', 'author', 'createdDate', 'attachedTo', 'attachedToAuthor', 'attachedToType', 'contentId', 'description', 'image', 'type', 'title', 'url'].sort(),
    );
    expect(comment).toMatchObject({
      author: replier.who.screenName,
      createdDate: expect.stringMatching(ISO_DATE),
      type: 'CreateBlogPostComment',
      attachedTo: post,
      attachedToType: 'BlogPost',
      attachedToAuthor: writer.who.screenName,
      image: null,
    });
    for (const person of [writer, replier]) {
      expect(res.body.resources[person.who.screenName!]).toEqual({
        fullName: expect.any(String),
        url: expect.stringContaining(`/members/${person.who.screenName}`),
        iconUrl: expect.stringMatching(/^http/),
      });
    }
  });

  it('deletes an event named by <networkId>:Activity:<n>, ignoring the rest of the entry sent along', async () => {
    const member = await server.signUp('Del Target');
    const [joined] = (await member.get('Activity/recent', { author: member.who.screenName!, count: 1 })).body.entry;
    const row = await server.db.selectFrom('activities').select('id').where('uuid', '=', joined.id.replace('urn:uuid:', '')).executeTakeFirstOrThrow();

    const admin = await server.oauthFor(OWNER);
    const res = await admin.request(
      'DELETE',
      'Activity',
      {
        author: member.who.screenName,
        createdDate: joined.createdDate,
        description: 'd',
        id: `${server.networkId}:Activity:${row.id}`,
        title: 'Activity 1',
        updatedDate: joined.createdDate,
      },
      { placement: 'query' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await member.get('Activity/count', { author: member.who.screenName! })).body.count).toBe(0);
  });

  it('deletes an event named by the id it reads as, sent back with the whole entry', async () => {
    const member = await server.signUp('Urn Target');
    const owner = await server.owner();
    const [joined] = (await owner.get('Activity/recent', { author: member.who.screenName!, count: 1 })).body.entry;
    const res = await owner.del('Activity', { ...joined, success: 1 });
    expect(res.body).toEqual({ success: true });
    expect((await owner.get('Activity', { id: joined.id })).status).toBe(404);
  });
});

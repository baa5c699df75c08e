// The check every mocked reply passes through has teeth: it names what drifted.
import { describe, expect, it } from 'vitest';
import { aBlogPost } from './fixtures';
import { replyProblem } from './openapi-check';

const url = (resource: string) => `http://localhost/xn/rest/apiexample/1.0/${resource}`;
const json = (body: unknown, status = 200) => Response.json(body, { status });
const listing = { success: true, entry: [], anchor: 'a', firstPage: true, lastPage: true, resources: {} };

describe('the reply check of mocked replies', () => {
  it('passes replies the service could give', async () => {
    expect(await replyProblem('GET', url('BlogPost/recent'), json({ ...listing, entry: [aBlogPost()] }))).toBeNull();
    const notFound = { success: false, status: 404, reason: 'No such item.', code: 3, subcode: 1, trace: 't' };
    expect(await replyProblem('GET', url('BlogPost'), json(notFound, 404))).toBeNull();
    expect(await replyProblem('GET', 'http://localhost/xn/rest/openapi.json', json({ openapi: '3.1.0' }))).toBeNull();
  });

  it('names a missing envelope key, a wrong field type and a field the service does not send', async () => {
    const { anchor: _, ...withoutAnchor } = listing;
    expect(await replyProblem('GET', url('BlogPost/recent'), json(withoutAnchor))).toMatch(/anchor/);
    const wrongType = { ...listing, entry: [{ ...aBlogPost(), commentCount: '2' }] };
    expect(await replyProblem('GET', url('BlogPost/recent'), json(wrongType))).toMatch(/commentCount must be integer/);
    const stray = { ...listing, entry: [{ ...aBlogPost(), likes: 3 }] };
    expect(await replyProblem('GET', url('BlogPost/recent'), json(stray))).toMatch(/additional properties/);
  });

  it('fails an error reply that is not the error envelope, and an operation the service lacks', async () => {
    expect(await replyProblem('POST', url('Comment'), json({ success: false, message: 'nope' }, 400))).toMatch(/code/);
    expect(await replyProblem('GET', url('BlogPost/popular'), json(listing))).toMatch(/does not have/);
  });
});

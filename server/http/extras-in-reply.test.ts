// A member who sees something beyond their audience (a draft, a scheduled post, a friend's
// friends-only photo, a comment awaiting approval, ...) is answered from the reply kept for
// their audience exactly when their extras could not show in it. Proved by difference: every
// request of a matrix is asked first by a member with nothing of their own (so the audience's
// reply is kept), then by each member with extras, and each answer must be byte for byte what
// the same request answers going the whole way (the same address with a parameter no endpoint
// reads, which no reply is kept under yet). The modelled cases must come from the cache.
import { describe, expect, it } from 'vitest';
import { useTestServer, type Client, type Form } from '../test/harness';
import { uploadPhoto } from '../resources/photos/test-images';

const network = useTestServer();

const IDENTITY = { 'accept-encoding': 'identity' };
const FIELDS = 'id,title,author,createdDate,topTags,commentCount,featuredDate';
let bypass = 0;

async function raw(client: Client, path: string, query: Form) {
  const res = await fetch(client.url(path, query), { headers: { ...client.credentialHeaders('GET'), ...IDENTITY } });
  // A refusal names its own exchange (`trace`), and is never kept: compared without it.
  const text = (await res.text()).replace(/"trace":"[^"]*"/, '"trace":""');
  return { status: res.status, cache: res.headers.get('x-cache'), etag: res.status === 200 ? res.headers.get('etag') : null, text };
}

type Request = [name: string, path: string, query: Form];

/**
 * Asks every request as `plain` (the audience's reply) and then as each reader, and compares
 * each answer with the whole way's; returns which reader's requests came from the cache.
 */
async function matrix(plain: Client, readers: Record<string, Client>, requests: Request[]) {
  const hits = new Set<string>();
  for (const [name, path, query] of requests) {
    await raw(plain, path, query);
    for (const [who, reader] of Object.entries({ plain, ...readers })) {
      const got = await raw(reader, path, query);
      const whole = await raw(reader, path, { ...query, zzBypass: ++bypass });
      expect(whole.cache, `${who}: ${name} (whole way)`).toBeNull();
      expect({ status: got.status, etag: got.etag, text: got.text }, `${who}: ${name}`).toEqual({ status: whole.status, etag: whole.etag, text: whole.text });
      if (got.cache === 'hit') hits.add(`${who}: ${name}`);
    }
  }
  return hits;
}

describe('replies of readers with extras', () => {
  it('answers a reader from the audience reply exactly when their extras cannot show in it, on every request of a matrix, before and after writes', async () => {
    const [plain, drafter, tagDrafter, scheduler, author, friend, loner, commenter, itemOwner, admin, adminDrafter] = await Promise.all(
      ['Plain', 'Drafter', 'Tag Drafter', 'Scheduler', 'Photo Author', 'Friend', 'Loner', 'Commenter', 'Item Owner', 'Admin', 'Admin Drafter'].map((n) =>
        network.server.signUp(`Extras ${n}`),
      ),
    );
    await network.server.setMembership(admin!, { role: 'admin' });
    await network.server.setMembership(adminDrafter!, { role: 'admin' });
    await network.server.befriend(author!, friend!);

    // What everyone sees: posts with and without tags, a featured one, photos, comments.
    const pub: string[] = [];
    for (let i = 0; i < 6; i++) {
      const by = [network.owner, author!, itemOwner!][i % 3]!;
      pub.push((await by.post('BlogPost', { title: `Public ${i}`, description: 'x', ...(i % 2 === 0 && { tag: 'shared' }) })).body.id);
    }
    await network.owner.post('BlogPost/feature', { id: pub[1]! });
    await network.owner.post('Comment', { attachedTo: pub[0]!, description: 'Approved comment' });
    const publicPhoto = await uploadPhoto(author!, { title: 'Public photo', tag: 'shared' });
    const secretPhoto = await uploadPhoto(author!, { title: 'For friends', visibility: 'friends', tag: 'friends-tag' });

    // An anchor after a post since deleted: nothing of the audience lies before it, but a draft does.
    const gone = (await network.owner.post('BlogPost', { title: 'Soon deleted', description: 'x', tag: 'temp' })).body.id;
    const tempAnchor = (JSON.parse((await raw(plain!, 'BlogPost/recent', { count: 1, tag: 'temp', fields: 'id' })).text) as { anchor: string }).anchor;
    await network.owner.del('BlogPost', { id: gone });

    // The readers' extras.
    const draft = (await drafter!.post('BlogPost', { title: 'Untagged draft', publishStatus: 'draft' })).body.id;
    const taggedDraft = (await tagDrafter!.post('BlogPost', { title: 'Tagged draft', publishStatus: 'draft', tag: 'shared' })).body.id;
    await tagDrafter!.post('BlogPost', { title: 'Another tagged draft', publishStatus: 'draft', tag: 'temp' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await scheduler!.post('BlogPost', { title: 'Scheduled', publishStatus: 'publish', publishTime: later, tag: 'soon' });
    await loner!.post('BlogPost', { title: 'Only me', visibility: 'me' });
    await adminDrafter!.post('BlogPost', { title: 'Admin draft', publishStatus: 'draft' });
    await network.server.updateNetwork({ comment_moderation: 1 });
    const pending = (await commenter!.post('Comment', { attachedTo: pub[2]!, description: 'Awaiting approval' })).body.id;
    await commenter!.post('Comment', { attachedTo: pub[5]!, description: 'Awaiting approval too' });
    await network.server.updateNetwork({ comment_moderation: 0 });

    const readers = { drafter: drafter!, tagDrafter: tagDrafter!, scheduler: scheduler!, friend: friend!, loner: loner!, commenter: commenter!, itemOwner: itemOwner! };
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const requests = async (): Promise<Request[]> => {
      const first = JSON.parse((await raw(plain!, 'BlogPost/recent', { count: 3, fields: 'id' })).text) as { anchor: string };
      const featured = JSON.parse((await raw(plain!, 'BlogPost/featured', { count: 1, fields: 'id' })).text) as { anchor: string };
      return [
        ['recent', 'BlogPost/recent', { count: 5, fields: FIELDS }],
        ['recent after an anchor', 'BlogPost/recent', { count: 5, fields: FIELDS, anchor: first.anchor }],
        ['recent before an anchor', 'BlogPost/recent', { count: -2, fields: FIELDS, anchor: first.anchor }],
        ['recent by tag', 'BlogPost/recent', { count: 5, fields: FIELDS, tag: 'shared' }],
        ['recent by tag after a deleted post', 'BlogPost/recent', { count: 5, fields: FIELDS, tag: 'temp', anchor: tempAnchor }],
        ['recent by another tag', 'BlogPost/recent', { count: 5, fields: FIELDS, tag: 'soon' }],
        ['recent by author', 'BlogPost/recent', { count: 5, fields: FIELDS, author: network.owner.who.screenName! }],
        ['recent by the drafter', 'BlogPost/recent', { count: 5, fields: FIELDS, author: drafter!.who.screenName! }],
        ['recent, drafts only', 'BlogPost/recent', { count: 5, fields: FIELDS, publishStatus: 'draft' }],
        ['recent with an unknown parameter', 'BlogPost/recent', { count: 5, fields: FIELDS, sort: 'title' }],
        ['count', 'BlogPost/count', { createdAfter: since }],
        ['count by tag', 'BlogPost/count', { createdAfter: since, tag: 'shared' }],
        ['featured', 'BlogPost/featured', { count: 5, fields: FIELDS }],
        ['featured after an anchor', 'BlogPost/featured', { count: 5, fields: FIELDS, anchor: featured.anchor }],
        ['by ids without extras', 'BlogPost', { id: pub.slice(0, 4), fields: FIELDS }],
        ['by ids with a draft', 'BlogPost', { id: [pub[0]!, draft, taggedDraft], fields: FIELDS }],
        ['photos', 'Photo/recent', { count: 5, fields: 'id,title,topTags' }],
        ['photos by id', 'Photo', { id: [publicPhoto, secretPhoto], fields: 'id,title' }],
        ['comments of a post with none pending', 'Comment/recent', { attachedTo: pub[0]!, count: 10 }],
        ['comments of a post with one pending', 'Comment/recent', { attachedTo: pub[2]!, count: 10 }],
        ['comments of a friends-only photo', 'Comment/recent', { attachedTo: secretPhoto, count: 10 }],
        ['featured comments', 'Comment/featured', { count: 10 }],
        ['activity', 'Activity/recent', { count: 30 }],
        ['activity count', 'Activity/count', {}],
        ['tag cloud of posts', 'Tag/popular', { type: 'BlogPost' }],
        ['tag cloud', 'Tag/popular', {}],
        ['tags of a post', 'Tag/list', { attachedTo: pub[0]! }],
        ['members', 'User/recent', { count: 5 }],
        ['friends of a member', 'Friend/recent', { author: author!.who.screenName!, count: 10 }],
        ['friends of a member by name', 'Friend/alpha', { author: author!.who.screenName!, count: 10 }],
      ];
    };

    const before = await matrix(plain!, readers, await requests());
    for (const name of ['recent by tag', 'recent after an anchor', 'recent by author', 'featured', 'featured after an anchor', 'by ids without extras', 'photos', 'comments of a post with none pending', 'tag cloud of posts', 'tags of a post']) {
      expect(before, name).toContain(`drafter: ${name}`);
    }
    for (const name of ['recent', 'recent by author', 'featured', 'photos', 'comments of a post with none pending', 'count']) {
      expect(before, name).toContain(`commenter: ${name}`);
    }
    for (const name of ['recent', 'recent by tag', 'by ids without extras', 'comments of a post with none pending']) expect(before, name).toContain(`friend: ${name}`);
    expect(before).toContain('scheduler: recent by tag');
    expect(before).toContain('drafter: recent by tag after a deleted post');
    expect(before).toContain('loner: tag cloud');
    // A friend list shows no one's content: everyone's extras leave it the audience's.
    for (const who of Object.keys(readers)) expect(before).toContain(`${who}: friends of a member`);
    // Extras that show are never answered from the cache.
    for (const hit of ['drafter: recent', 'drafter: count', 'tagDrafter: recent by tag after a deleted post', 'tagDrafter: recent by tag', 'friend: photos', 'commenter: comments of a post with one pending', 'drafter: by ids with a draft']) {
      expect(before).not.toContain(hit);
    }

    // A page after an anchor that only a member with extras beyond it asks: built by them, kept for
    // the audience when the audience sees the anchor's row, and then the same for everyone.
    const page = await raw(plain!, 'BlogPost/recent', { count: 3, fields: 'id' });
    const nextPage = { count: 4, fields: FIELDS, anchor: (JSON.parse(page.text) as { anchor: string }).anchor };
    const built = await raw(drafter!, 'BlogPost/recent', nextPage);
    const again = await raw(drafter!, 'BlogPost/recent', nextPage);
    expect(again.cache).toBe('hit');
    for (const reader of [plain!, drafter!, friend!]) {
      const whole = await raw(reader, 'BlogPost/recent', { ...nextPage, zzBypass: ++bypass });
      expect({ ...(await raw(reader, 'BlogPost/recent', nextPage)), cache: null }).toEqual(whole);
      expect(whole.text).toBe(built.text);
    }
    // After a row since deleted, nothing of the audience lies before the anchor: never kept.
    const deleted = { count: 4, fields: FIELDS, anchor: tempAnchor };
    for (let i = 0; i < 2; i++) expect((await raw(tagDrafter!, 'BlogPost/recent', deleted)).cache).toBeNull();
    expect(JSON.parse((await raw(tagDrafter!, 'BlogPost/recent', deleted)).text).firstPage).toBe(false);
    expect(JSON.parse((await raw(plain!, 'BlogPost/recent', deleted)).text).firstPage).toBe(true);

    // Administrators: one with a draft of their own reads the moderators' replies where it cannot show.
    const admins = await matrix(admin!, { adminDrafter: adminDrafter! }, await requests());
    expect(admins).toContain('adminDrafter: recent by tag');

    // Writes: the draft published with a tag, the comment approved, a new friendship.
    await drafter!.put('BlogPost', { publishStatus: 'publish', tag: 'shared' }, { id: draft });
    await network.owner.put('Comment', { approved: true }, { id: pending });
    await network.server.befriend(author!, loner!);
    const after = await matrix(plain!, { ...readers, adminDrafter: adminDrafter! }, await requests());
    expect(after).toContain('drafter: recent');
    expect(after).toContain('commenter: comments of a post with none pending');
    // About 900 requests, each compared with the whole way's.
  }, 180_000);
});

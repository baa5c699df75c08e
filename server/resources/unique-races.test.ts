// Requests that race for one unique key: one sign-up per email, one membership per account
// and network, one OAuth token per program and member, one use per nonce, one broadcast per
// messageId, at most 50 personal access tokens, one Feature event per featuring. Whatever
// the order the database runs them in, each ends in its documented answer (200 or 409, 401
// for a replayed nonce), never a 500, and the database holds what one order would leave.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, fetchToken, startTestServer, type Reply, type TestServer } from '../test/harness';
import { createNetwork } from './networks/service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** How many replies had each status, e.g. `{200: 1, 409: 19}`. */
const statuses = (replies: Reply[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

const expectRefusals = (replies: Reply[], status: number, code: number, subcode: number) => {
  for (const r of replies.filter((x) => x.status !== 200)) expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: false, status, code, subcode });
};

const together = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

// Most of these requests hash or check a password at full scrypt cost: twenty at once take a
// while on a busy machine.
describe('unique keys under concurrent requests', { timeout: 90_000 }, () => {
  it('twenty sign-ups with one email: one account, nineteen 409 6-1', async () => {
    const email = `race-${crypto.randomBytes(4).toString('hex')}@test.example`;
    const replies = await together(20, (i) => server.anonymous().post('User', { email: i % 2 ? email : email.toUpperCase(), password: 'race-password-1', fullName: `Racer ${i}` }));
    expect(statuses(replies)).toEqual({ 200: 1, 409: 19 });
    expectRefusals(replies, 409, 6, 1);
    const accounts = await server.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
    const members = await server.db.selectFrom('members').select('id').where('account_id', '=', accounts[0]!.id).execute();
    expect(members).toHaveLength(1);
  });

  it('twenty joins of another network by one existing account: one membership, one JoinNetwork event', async () => {
    const member = await server.signUp('Joiner');
    const owner = await server.accountIdOf(await server.owner());
    const subdomain = `race${crypto.randomBytes(3).toString('hex')}`;
    const networkId = await createNetwork(server.db, { subdomain, name: 'Race', ownerAccountId: owner }, Date.now());
    const form = { email: member.who.email!, password: member.who.password!, fullName: 'Joiner' };
    const replies = await together(20, () => new Client(server).post(`/xn/rest/${subdomain}/1.0/User`, form));
    expect(statuses(replies)).toEqual({ 200: 1, 409: 19 });
    expectRefusals(replies, 409, 6, 1);
    const accountId = await server.accountIdOf(member);
    const rows = await server.db.selectFrom('members').select('id').where('network_id', '=', networkId).where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(1);
    const joins = await server.db
      .selectFrom('activities')
      .select('id')
      .where('network_id', '=', networkId)
      .where('author_id', '=', accountId)
      .where('type', '=', 'JoinNetwork')
      .execute();
    expect(joins).toHaveLength(1);
  });

  it('twenty POST Token of one program and member: every reply the same token', async () => {
    const member = await server.signUp('Token Racer');
    const consumer = await server.consumer();
    const replies = await together(20, () => fetchToken(server, consumer, member.who.email!, member.who.password!));
    expect(statuses(replies)).toEqual({ 200: 20 });
    expect(new Set(replies.map((r) => `${r.body.entry.oauthToken}:${r.body.entry.oauthTokenSecret}`)).size).toBe(1);
  });

  it('one nonce sent twenty times at once is honoured once', async () => {
    const member = await server.signUp('Nonce Racer');
    const program = await server.oauthFor(member.who);
    const nonce = crypto.randomBytes(16).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    const replies = await together(20, () => program.request('POST', 'BlogPost', { title: 'Replayed' }, { nonce, timestamp }));
    expect(statuses(replies)).toEqual({ 200: 1, 401: 19 });
    expectRefusals(replies, 401, 1, 3);
  });

  it('sixty personal access tokens created at once stop at the cap of 50', async () => {
    const member = await server.signUp('Token Hoarder');
    const replies = await together(60, (i) => member.post('AccessToken', { name: `token ${i}` }));
    expect(statuses(replies)).toEqual({ 200: 50, 409: 10 });
    expectRefusals(replies, 409, 6, 2);
    expect((await member.get('AccessToken')).body.entry).toHaveLength(50);
  });

  it('ten broadcasts with one messageId: one sent, nine 409 6-1', async () => {
    const owner = await server.owner();
    const messageId = crypto.randomBytes(6).toString('hex');
    const replies = await together(10, (i) => owner.post('BroadcastMessage', { subject: `Once ${i}`, body: 'Hello', messageId }));
    expect(statuses(replies)).toEqual({ 200: 1, 409: 9 });
    expectRefusals(replies, 409, 6, 1);
  });

  it('featuring a post ten times at once, and again later, records one FeatureBlogPost event and keeps its date', async () => {
    const owner = await server.owner();
    const id = (await owner.post('BlogPost', { title: 'Feature me' })).body.id as string;
    const replies = await together(10, () => owner.post('BlogPost/feature', { id }));
    expect(statuses(replies)).toEqual({ 200: 10 });
    const featuredDate = (await owner.get('BlogPost', { id, fields: 'featuredDate' })).body.entry.featuredDate;
    expect(featuredDate).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await owner.post('BlogPost/feature', { id })).status).toBe(200);
    expect((await owner.get('BlogPost', { id, fields: 'featuredDate' })).body.entry.featuredDate).toBe(featuredDate);
    const events = await server.db
      .selectFrom('activities')
      .select('id')
      .where('type', '=', 'FeatureBlogPost')
      .where('content_id', '=', Number(id.split(':')[2]))
      .execute();
    expect(events).toHaveLength(1);
    // Unfeatured and featured again, it is news again.
    expect((await owner.del('BlogPost/feature', { id })).status).toBe(200);
    expect((await owner.post('BlogPost/feature', { id })).status).toBe(200);
    expect(
      await server.db.selectFrom('activities').select('id').where('type', '=', 'FeatureBlogPost').where('content_id', '=', Number(id.split(':')[2])).execute(),
    ).toHaveLength(2);
    expect((await owner.post('BlogPost/feature', { id: `${server.networkId}:BlogPost:999999` })).status).toBe(404);
  });

  it('a post with one tag given in several spellings at once is written with it once', async () => {
    const member = await server.signUp('Tagger');
    const replies = await together(5, (i) => member.post('BlogPost', { title: `Tags ${i}`, tag: ['same', 'Same', ' same ', 'same'] }));
    expect(statuses(replies)).toEqual({ 200: 5 });
  });
});

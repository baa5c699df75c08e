// Bad requests to the member, network, broadcast and moderation endpoints: each is refused
// with the contract's code and subcode, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { memberIdOf, pendingMember } from './test-roles';

let server: TestServer;
let owner: Client;
let member: Client;
let memberId: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = await server.owner();
  member = await server.signUp('Eve Errors');
  memberId = await memberIdOf(member);
});
afterAll(() => server.stop());

describe('User', () => {
  it('refuses bad ids, too many ids, unknown fields and bad listing parameters', async () => {
    const reader = server.anonymous();
    expectError(await reader.get('User', { id: 'nonsense' }), 400, 4, 3);
    expectError(await reader.get('User', { id: `${server.networkId}:BlogPost:1` }), 400, 4, 3);
    expectError(await reader.get('User', { id: Array.from({ length: 60 }, (_, i) => `${server.networkId}:User:${i + 1}`), author: Array(41).fill('x') }), 400, 4, 4);
    expectError(await reader.get('User', { id: memberId, fields: 'fullName,password' }), 400, 4, 1);
    expectError(await reader.get('User', { id: memberId, fields: 'author.email' }), 400, 4, 1);
    expectError(await reader.get('User', { id: `${server.networkId}:User:999999` }), 404, 3, 1);
    expectError(await reader.get('User', { id: `1:User:${memberId.split(':')[2]}` }), 404, 3, 1);
    expectError(await reader.get('User', { author: 'nobody-by-this-name' }), 404, 3, 1);
    expectError(await reader.get('User/recent', { count: 0 }), 400, 4, 6);
    expectError(await reader.get('User/alpha', { count: 101 }), 400, 4, 6);
    expectError(await reader.get('User/featured', { anchor: 'forged.anchor' }), 400, 4, 7);
    expectError(await reader.get('User/recent', { isMember: 'perhaps' }), 400, 4, 3);
    expectError(await reader.get('User/count', { createdAfter: 'yesterday' }), 400, 4, 3);
    expectError(await reader.get('User/count', { approved: 'yes please' }), 400, 4, 3);
  });

  it('refuses bad profile values and changes nothing', async () => {
    const bad: Record<string, string>[] = [
      { statusMessage: 'x'.repeat(141) },
      { fullName: '   ' },
      { fullName: 'x'.repeat(101) },
      { birthdate: '2999-01-01' },
      { birthdate: 'last spring' },
      { iconUrl: 'javascript:alert(1)' },
      { iconUrl: 'not a url' },
      { profileQuestions: '{not json' },
      { profileQuestions: '["an", "array"]' },
      { profileQuestions: '{"q": 42}' },
      { gender: 'x'.repeat(51) },
      { location: 'x'.repeat(201) },
      { isAdmin: 'sometimes' },
    ];
    for (const form of bad) expectError(await member.put('User', { ...form, statusMessage: form.statusMessage ?? 'should not be stored' }), 400, 4, 3);
    expect((await member.get('User', { fields: 'statusMessage,fullName' })).body.entry).toEqual({ id: memberId, statusMessage: null, fullName: 'Eve Errors' });
  });

  it('ignores unknown parameters', async () => {
    expect((await member.put('User', { success: 1, id: memberId, author: 'someone-else', state: 'owner', location: 'Lyon' })).body).toEqual({ success: true });
    expect((await member.get('User', { fields: 'location,state' })).body.entry).toEqual({ id: memberId, location: 'Lyon', state: 'active' });
  });

  it('refuses moderation that the member state does not allow', async () => {
    const pending = await pendingMember(server, owner, 'Pam Pending');
    const pendingId = await memberIdOf(pending);
    expectError(await owner.put('User', { approved: false }, { id: memberId }), 409, 6, 2);
    expectError(await owner.put('User', { isBlocked: true }, { id: pendingId }), 409, 6, 2);
    expectError(await owner.put('User', { isAdmin: true }, { id: pendingId }), 409, 6, 2);
    expect((await owner.get('User', { id: pendingId, fields: 'state,isAdmin' })).body.entry).toEqual({ id: pendingId, state: 'pending', isAdmin: false });
    expectError(await owner.put('User', { approved: true }, { id: `${server.networkId}:User:999999` }), 404, 3, 1);
  });

  it('DELETE User needs an existing member who is not the Network Creator', async () => {
    expectError(await owner.del('User'), 400, 4, 2);
    expectError(await owner.del('User', { id: 'x' }), 400, 4, 3);
    expectError(await owner.del('User', { id: `${server.networkId}:User:999999` }), 404, 3, 1);
    expectError(await owner.del('User', { id: await memberIdOf(owner) }), 403, 2, 1);
  });

  it('GET User without an id needs a signed-in member of this network', async () => {
    expectError(await server.anonymous().get('User'), 401, 1, 1);
  });
});

describe('Network', () => {
  it('refuses bad settings and changes nothing', async () => {
    const before = (await owner.get('Network')).body.entry;
    expectError(await owner.put('Network', { name: '' }), 400, 4, 3);
    expectError(await owner.put('Network', { name: 'Fine', iconUrl: 'ftp://icons.example/a.png' }), 400, 4, 3);
    expectError(await owner.put('Network', { userModeration: 'maybe' }), 400, 4, 3);
    expectError(await owner.put('Network', { description: 'x'.repeat(1001) }), 400, 4, 3);
    expect((await owner.get('Network')).body.entry).toEqual(before);
    expectError(await owner.get('Network', { fields: 'secret' }), 400, 4, 1);
    expectError(await member.get('Network/alpha', { count: 0 }), 400, 4, 6);
  });
});

describe('BroadcastMessage', () => {
  it('needs a subject and a body', async () => {
    expectError(await owner.post('BroadcastMessage', { body: 'No subject' }), 400, 4, 2);
    expectError(await owner.post('BroadcastMessage', { subject: 'No body' }), 400, 4, 2);
    expectError(await owner.post('BroadcastMessage', { subject: 'Script only', body: '<script>alert(1)</script>' }), 400, 4, 2);
    expectError(await owner.post('BroadcastMessage', { subject: 'x'.repeat(201), body: 'Long subject' }), 400, 4, 3);
    expectError(await owner.post('BroadcastMessage', { subject: '   ', body: 'Blank subject' }), 400, 4, 3);
    expect((await member.get('BroadcastMessage/recent', { count: 10 })).body.entry).toEqual([]);
  });
});

describe('ModerationQueue', () => {
  it('refuses unknown types, fields and counts', async () => {
    expectError(await owner.get('ModerationQueue/list', { type: 'Spaceship' }), 400, 4, 3);
    expectError(await owner.get('ModerationQueue/count', { type: ['User', 'Spaceship'] }), 400, 4, 3);
    expectError(await owner.get('ModerationQueue/list', { fields: 'title,publishTime' }), 400, 4, 1);
    expectError(await owner.get('ModerationQueue/list', { count: -101 }), 400, 4, 6);
  });
});

describe('PUT Comment', () => {
  it('refuses bad ids and empty or long descriptions', async () => {
    const post = (await member.post('BlogPost', { title: 'For comments' })).body.id;
    const comment = (await member.post('Comment', { attachedTo: post, description: 'Original' })).body.id;
    expectError(await member.put('Comment', { description: 'No id' }), 400, 4, 2);
    expectError(await member.put('Comment', { description: 'Bad id' }, { id: post }), 400, 4, 3);
    expectError(await member.put('Comment', { description: '<script>x()</script>' }, { id: comment }), 400, 4, 2);
    expectError(await member.put('Comment', { description: 'x'.repeat(4001) }, { id: comment }), 400, 4, 3);
    expectError(await member.put('Comment', { approved: 'often' }, { id: comment }), 400, 4, 3);
    expectError(await member.put('Comment', { description: 'Gone' }, { id: `${server.networkId}:Comment:999999` }), 404, 3, 1);
    const thread = await member.get('Comment/recent', { attachedTo: post, fields: 'description' });
    expect(thread.body.entry).toEqual([{ id: comment, description: 'Original' }]);
  });
});

// Permissions of every BlogPost endpoint for every role, on a public network and then on a
// private one. Each write runs against an item made for it, so no row depends on another.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../../test/harness';
import {
  ADMINS, AUTHOR_OR_ADMIN, castOf, CREATOR_ONLY, EVERYONE, expectOutcome, MEMBERS, NOT_ALLOWED, OK, ROLES, SIGN_IN,
  type Cast, type Outcome, type RoleName,
} from '../../test/roles';

let server: TestServer;
let cast: Cast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await castOf(server);
});
afterAll(() => server.stop());

/** A fresh post by the member, for one row and one role. */
const freshPost = async (form: Record<string, string> = {}) => (await cast.member.post('BlogPost', { title: 'Target', ...form })).body.id as string;
const since = () => new Date(Date.now() - 3_600_000).toISOString();

const rows: [string, (c: Client) => Promise<Reply>, Record<RoleName, Outcome>][] = [
  ['GET BlogPost', async (c) => c.get('BlogPost', { id: await freshPost() }), EVERYONE],
  ['GET BlogPost/recent', (c) => c.get('BlogPost/recent', { count: 5 }), EVERYONE],
  ['GET BlogPost/recent?private=true', (c) => c.get('BlogPost/recent', { private: 'true' }), { ...allAre(CREATOR_ONLY), owner: OK }],
  ['GET BlogPost/count', (c) => c.get('BlogPost/count', { createdAfter: since() }), EVERYONE],
  ['GET BlogPost/count?private=true', (c) => c.get('BlogPost/count', { createdAfter: since(), private: 'true' }), { ...allAre(CREATOR_ONLY), owner: OK }],
  ['GET BlogPost/featured', (c) => c.get('BlogPost/featured', { count: 5 }), EVERYONE],
  ['POST BlogPost', (c) => c.post('BlogPost', { title: 'Mine' }), MEMBERS],
  ['POST BlogPost with approved', (c) => c.post('BlogPost', { title: 'Mine', approved: 'true' }), ADMINS],
  ['PUT BlogPost', async (c) => c.put('BlogPost', { title: 'Changed' }, { id: await freshPost() }), AUTHOR_OR_ADMIN],
  ['PUT BlogPost with approved', async (c) => c.put('BlogPost', { approved: 'false' }, { id: await freshPost() }), { ...ADMINS, otherMember: NOT_ALLOWED }],
  ['DELETE BlogPost', async (c) => c.del('BlogPost', { id: await freshPost() }), AUTHOR_OR_ADMIN],
  ['POST BlogPost/feature', async (c) => c.post('BlogPost/feature', {}, { id: await freshPost() }), ADMINS],
  ['DELETE BlogPost/feature', async (c) => c.del('BlogPost/feature', { id: await freshPost() }), ADMINS],
  ['POST BlogPost/preview', (c) => c.post('BlogPost/preview', { description: '<p>Draft</p>' }), MEMBERS],
];

function allAre(outcome: Outcome): Record<RoleName, Outcome> {
  return Object.fromEntries(ROLES.map((r) => [r, outcome])) as Record<RoleName, Outcome>;
}

describe.each(rows)('%s on a public network', (_name, call, outcomes) => {
  it.each(ROLES)('as %s', async (role) => expectOutcome(await call(cast[role]), outcomes[role]));
});

describe('on a private network', () => {
  beforeAll(() => server.updateNetwork({ is_private: 1 }));
  afterAll(() => server.updateNetwork({ is_private: 0 }));

  const reads: Record<RoleName, Outcome> = { ...EVERYONE, anonymous: SIGN_IN, pending: [403, 2, 4], blocked: [403, 2, 3] };
  const privateRows: [string, (c: Client) => Promise<Reply>, Record<RoleName, Outcome>][] = [
    ['GET BlogPost', async (c) => c.get('BlogPost', { id: await freshPost() }), reads],
    ['GET BlogPost/recent', (c) => c.get('BlogPost/recent'), reads],
    ['GET BlogPost/count', (c) => c.get('BlogPost/count', { createdAfter: since() }), reads],
    ['GET BlogPost/featured', (c) => c.get('BlogPost/featured'), reads],
    ['POST BlogPost', (c) => c.post('BlogPost', { title: 'Inside' }), MEMBERS],
  ];
  describe.each(privateRows)('%s', (_name, call, outcomes) => {
    it.each(ROLES)('as %s', async (role) => expectOutcome(await call(cast[role]), outcomes[role]));
  });
});

// A small network with one of everything, for the tests that sweep every endpoint (the
// authorization matrix, the fuzzer): the nine kinds of caller, and items of every type in
// every visibility and state, each carrying a unique marker in its text, with the set of
// callers the documentation says may see it. A reply that holds a marker its caller may not
// see is a leak, whatever endpoint it came from.
import crypto from 'node:crypto';
import type { Client, TestServer } from './harness';
import { png } from '../resources/photos/test-images';
import { createNetwork } from '../resources/networks/service';
import { createAccount } from '../resources/users/store';

/** The callers: anonymous, the member who writes the items, their friend, a member who is
 * not (the stranger), a member awaiting approval, a blocked one, an administrator, the Network
 * Creator, and a member of another network only. */
export const CALLERS = ['anonymous', 'member', 'friend', 'stranger', 'pending', 'blocked', 'admin', 'owner', 'outsider'] as const;
export type Caller = (typeof CALLERS)[number];

/** Active members of the network. */
const MEMBERS: Caller[] = ['member', 'friend', 'stranger', 'admin', 'owner'];
/** Everyone who may read a public network. */
const READERS: Caller[] = [...CALLERS];
/** Administrators and the Network Creator see every published item. */
const MODERATORS: Caller[] = ['admin', 'owner'];

export interface Seeded {
  type: string;
  /** The id as the API writes it, e.g. `1234567:BlogPost:3`. */
  id: string;
  /** What the item is, for failure messages: `BlogPost friends`, `Comment unapproved`, ... */
  label: string;
  /** A unique word in the item's text (title, description, tag, name or email). */
  marker: string;
  seenBy: ReadonlySet<Caller>;
  /** Who wrote it: the member, unless a comment says otherwise. */
  author: Caller;
}

export interface World {
  server: TestServer;
  callers: Record<Caller, Client>;
  screenNames: Record<Caller, string>;
  /** Every seeded item; ids of items of another network are among them, seen by nobody here. */
  items: Seeded[];
  /** Ids of things the seeding made along the way (the activity events), by type. */
  madeIds: Record<string, string[]>;
  /** Anchors real listings returned, to page on from. */
  anchors: string[];
  byLabel(label: string): Seeded;
  /** Signs a caller in again if a call (DELETE Session) signed them out. */
  keepSignedIn(caller: Caller): Promise<void>;
  /** Signs a caller in afresh (a call may have signed their client in as someone else). */
  signInAgain(caller: Caller): Promise<void>;
}

const salt = crypto.randomBytes(3).toString('hex');
/** What every marker starts with: a search for it finds every marked item. */
export const MARKER_PREFIX = `mk${salt}`;
let markers = 0;
const marker = (what: string) => `mk${salt}${++markers}${what.replace(/[^a-z]/gi, '').toLowerCase()}`;

/** With `otherNetwork: false` the database holds this one network only (the outsider is then a mere visitor). */
export async function buildWorld(server: TestServer, { otherNetwork = true } = {}): Promise<World> {
  const items: Seeded[] = [];
  const add = (type: string, id: string, label: string, mark: string, seenBy: Caller[], author: Caller = 'member') => {
    items.push({ type, id, label, marker: mark, seenBy: new Set(seenBy), author });
    return id;
  };

  const owner = await server.owner();
  const [member, friend, stranger, admin, blocked] = await Promise.all([
    server.signUp('Mia Member'),
    server.signUp('Fred Friend'),
    server.signUp('Stan Stranger'),
    server.signUp('Ada Admin'),
    server.signUp('Bea Blocked'),
  ]);
  // Joins while members need approval, so stays pending: nobody but administrators knows the name.
  await owner.put('Network', { userModeration: true });
  const pending = await server.signUp(`Pat Pending ${marker('pendingname')}`);
  await owner.put('Network', { userModeration: false });
  const outsider = otherNetwork ? await outsiderOf(server) : server.anonymous();
  const callers: Record<Caller, Client> = { anonymous: server.anonymous(), member, friend, stranger, pending, blocked, admin, owner, outsider };
  const screenNames = Object.fromEntries(CALLERS.map((c) => [c, callers[c].who.screenName ?? ''])) as Record<Caller, string>;
  // A pending member is seen by administrators and themselves only. (A blocked one is hidden
  // as a member too, but what they wrote stays, with their name.)
  {
    const self = (await pending.get('User', { fields: 'fullName' })).body.entry;
    add('User', self.id, 'User pending', (self.fullName as string).split(' ').pop()!, ['pending', ...MODERATORS], 'pending');
  }
  // Emails are for the member and administrators.
  for (const who of ['member', 'friend', 'stranger', 'admin'] as const) {
    add('email', callers[who].who.email!, `email of ${who}`, callers[who].who.email!, [who, ...MODERATORS], who);
  }

  await member.post('Friend', { friend: screenNames.friend });
  await friend.post('Friend', { friend: screenNames.member });
  const memberId = async (client: Client) => (await client.get('User')).body.entry.id as string;
  await owner.put('User', { isAdmin: true }, { id: await memberId(admin) });
  await owner.put('User', { isBlocked: true }, { id: await memberId(blocked) });

  const created = (res: { status: number; body: any }, what: string): string => {
    if (res.status !== 200) throw new Error(`seeding ${what}: ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const text = (what: string) => {
    const m = marker(what);
    return { mark: m, fields: { title: `Title ${m}`, description: `<p>Body ${m}</p>`, tag: [`tag${m}`, 'shared'] } };
  };
  const audience: Record<string, Caller[]> = {
    all: READERS,
    members: MEMBERS,
    friends: ['member', 'friend', ...MODERATORS],
    me: ['member', ...MODERATORS],
  };

  // Blog posts: every visibility, a draft, a queued one and an unapproved one.
  const posts: Record<string, string> = {};
  for (const visibility of ['all', 'members', 'friends', 'me']) {
    const t = text(`post${visibility}`);
    posts[visibility] = add('BlogPost', created(await member.post('BlogPost', { ...t.fields, visibility }), 'post'), `BlogPost ${visibility}`, t.mark, audience[visibility]!);
  }
  for (const [state, extra] of [
    ['draft', { publishStatus: 'draft' }],
    ['queued', { publishStatus: 'publish', publishTime: new Date(Date.now() + 30 * 86_400_000).toISOString() }],
  ] as const) {
    const t = text(`post${state}`);
    posts[state] = add('BlogPost', created(await member.post('BlogPost', { ...t.fields, ...extra }), 'post'), `BlogPost ${state}`, t.mark, ['member']);
  }
  {
    const t = text('postunapproved');
    posts.unapproved = add('BlogPost', created(await member.post('BlogPost', t.fields), 'post'), 'BlogPost unapproved', t.mark, ['member', ...MODERATORS]);
    await admin.put('BlogPost', { approved: false }, { id: posts.unapproved });
  }

  // Photos, videos and forum topics: public, friends-only and unapproved.
  const image = await png(8, 6);
  const others: Record<string, Record<string, string>> = { Photo: {}, Video: {}, Topic: {} };
  for (const type of ['Photo', 'Video', 'Topic'] as const) {
    for (const state of ['all', 'friends', 'unapproved']) {
      const t = text(`${type}${state}`);
      const fields = { ...t.fields, visibility: state === 'unapproved' ? 'all' : state };
      const res =
        type === 'Photo'
          ? await member.upload('Photo', fields, { file: image })
          : type === 'Video'
            ? await member.post('Video', { ...fields, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
            : await member.post('Topic', fields);
      const seen = state === 'unapproved' ? ['member', ...MODERATORS] : audience[state]!;
      others[type]![state] = add(type, created(res, type), `${type} ${state}`, t.mark, seen as Caller[]);
      if (state === 'unapproved') await admin.put(type, { approved: false }, { id: others[type]![state] });
    }
  }

  // Comments: on a public post, on a friends-only one, on a post only its author sees, and
  // one an administrator unapproved (its writer and the post's author still see it).
  const comment = async (by: Caller, on: string, label: string, seen: Caller[]) => {
    const m = marker(label);
    const res = await callers[by].post('Comment', { attachedTo: on, description: `Reply ${m}` });
    return add('Comment', created(res, 'comment'), `Comment ${label}`, m, seen, by);
  };
  await comment('friend', posts.all!, 'on public post', READERS);
  const onFriends = await comment('friend', posts.friends!, 'on friends post', audience.friends!);
  await comment('member', posts.me!, 'on own me post', audience.me!);
  await comment('friend', others.Photo!.friends!, 'on friends photo', audience.friends!);
  const unapproved = await comment('stranger', posts.all!, 'unapproved', ['stranger', 'member', ...MODERATORS]);
  await admin.put('Comment', { approved: false }, { id: unapproved });

  // Featuring puts hidden items in featured listings' way, and writes Feature events about them.
  for (const [type, id] of [
    ['BlogPost', posts.all],
    ['BlogPost', posts.friends],
    ['BlogPost', posts.me],
    ['BlogPost', posts.draft],
    ['Photo', others.Photo!.friends],
    ['Comment', onFriends],
    ['User', items.find((i) => i.label === 'User pending')!.id],
  ] as const) {
    const res = await admin.post(`${type}/feature`, {}, { id: id! });
    if (res.status !== 200) throw new Error(`featuring ${type}: ${JSON.stringify(res.body)}`);
  }

  {
    const m = marker('category');
    add('Category', created(await admin.post('Category', { title: `Category ${m}` }), 'category'), 'Category', m, READERS, 'admin');
  }
  {
    const m = marker('broadcast');
    created(await admin.post('BroadcastMessage', { subject: `News ${m}`, body: `<p>${m}</p>` }), 'broadcast');
    add('BroadcastMessage', '', 'BroadcastMessage', m, MEMBERS, 'admin');
  }
  if (otherNetwork) {
    // An item of another network: nobody reads it through this one.
    const t = text('othernetwork');
    const res = await outsider.request('POST', `/xn/rest/${OTHER_NETWORK}/1.0/BlogPost`, undefined, t.fields);
    add('BlogPost', created(res, 'other network post'), 'BlogPost of another network', t.mark, [], 'outsider');
  }

  const events = await server.db.selectFrom('activities').select('uuid').where('network_id', '=', server.networkId).execute();
  const anchors: string[] = [];
  for (const path of ['BlogPost/recent', 'BlogPost/featured', 'Photo/recent', 'Topic/alpha', 'User/alpha', 'Activity/recent', 'Friend/recent', 'Category/alpha']) {
    for (const count of [2, -1]) {
      const anchor = (await owner.get(path, { count })).body.anchor;
      if (typeof anchor === 'string') anchors.push(anchor);
    }
  }
  return {
    server,
    callers,
    screenNames,
    items,
    madeIds: { Activity: events.map((e) => `urn:uuid:${e.uuid}`) },
    anchors,
    async keepSignedIn(caller) {
      const client = callers[caller];
      if (caller === 'anonymous' || (await client.get('Session')).body.entry) return;
      callers[caller] = await server.signIn(client.who.email!, client.who.password!);
    },
    async signInAgain(caller) {
      if (caller === 'anonymous') callers.anonymous = server.anonymous();
      else callers[caller] = await server.signIn(callers[caller].who.email!, callers[caller].who.password!);
    },
    byLabel(label) {
      const found = items.find((i) => i.label === label);
      if (!found) throw new Error(`no seeded ${label}`);
      return found;
    },
  };
}

export const OTHER_NETWORK = 'othernet';

/** A member of another network (made by the operator's tools: no endpoint creates networks), signed in. */
async function outsiderOf(server: TestServer): Promise<Client> {
  const now = Date.now();
  const email = `outsider-${salt}@test.example`;
  const password = 'outsider-password-1';
  const account = await createAccount(server.db, { email, password, fullName: 'Olga Outsider' }, now);
  await createNetwork(server.db, { subdomain: OTHER_NETWORK, name: 'Other network', ownerAccountId: account.id }, now);
  return server.signIn(email, password);
}

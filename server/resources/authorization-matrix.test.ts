// Who may do what, for every endpoint of the route table and every kind of caller, generated
// from the table itself so a new endpoint is covered the day it is added:
// - the permission each row declares: every caller it shuts out gets exactly the documented
//   refusal (401 1-1, 403 2-1, 2-3 blocked, 2-4 pending), and nothing changes;
// - every read, with the parameters it needs taken from a seeded network (items of every type
//   in every visibility and state), holds only what that caller may see: no reply carries the
//   marker of an item hidden from its caller, and gets, listings and counts of content hold
//   exactly the items the caller may see;
// - changing or deleting an item: its author and administrators may, anyone else is refused
//   (403 when they can see it, 404 when they cannot) and the item stays as it was.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Form, type Reply, type TestServer } from '../test/harness';
import { expectError } from '../test/expect-api';
import { buildWorld, CALLERS, MARKER_PREFIX, type Caller, type Seeded, type World } from '../test/world';
import { tableDigest } from '../test/digest';
import type { Endpoint, Permission } from '../http/endpoint';
import { endpoints } from '.';

// Each sweep sends one to two thousand requests in a row, every endpoint growing it: more time
// than one test's default on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

let server: TestServer;
let world: World;
/** Calls checked, reported at the end. */
const checked = { gate: 0, reads: 0, markers: 0, changes: 0 };

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
}, 120_000);
afterAll(async () => {
  console.info(
    `authorization matrix: ${checked.gate} endpoint × caller permission cells, ${checked.reads} reads checked for ` +
      `${checked.markers} marker sightings, ${checked.changes} change/delete cells`,
  );
  await server.stop();
});

type Refusal = readonly [number, number, number];

/** The refusal a row's permission gives a caller, or null when it lets them through. */
function gateRefusal(allow: Permission, caller: Caller, privateNetwork = false): Refusal | null {
  if (allow === 'public' || (allow === 'anyone' && !privateNetwork)) return null;
  if (caller === 'anonymous') return [401, 1, 1];
  if (allow === 'account') return null;
  if (caller === 'blocked') return [403, 2, 3];
  if (caller === 'pending') return [403, 2, 4];
  if (caller === 'outsider') return [403, 2, 1];
  // On a private network, what anyone may read is for its members.
  if (allow === 'member' || allow === 'anyone') return null;
  if (caller === 'admin' || caller === 'owner') return allow === 'owner' && caller === 'admin' ? [403, 2, 1] : null;
  return [403, 2, 1];
}

const label = (e: Endpoint) => `${e.method} ${e.path}`;
const call = (caller: Caller, e: Endpoint, query: Form = {}, form: Form = {}): Promise<Reply> =>
  world.callers[caller].request(e.method, e.path, query, e.method === 'POST' || e.method === 'PUT' ? form : undefined);

describe('every endpoint × every caller: the permission of its row', () => {
  it('shuts out exactly the callers the row does not admit, with the documented refusal, changing nothing', async () => {
    const stored = await tableDigest(server.db);
    for (const e of endpoints) {
      for (const caller of CALLERS) {
        const refusal = gateRefusal(e.allow, caller);
        if (!refusal) continue;
        const res = await call(caller, e);
        expectError(res, ...refusal);
        checked.gate++;
      }
      expect(await tableDigest(server.db), `${label(e)}, refused, changed the database`).toEqual(stored);
    }
  });

  it('on a private network, shuts everyone but its active members out of what anyone may read on a public one', async () => {
    const owner = world.callers.owner;
    expect((await owner.put('Network', { isPrivate: true })).status).toBe(200);
    try {
      for (const e of endpoints.filter((x) => x.allow === 'anyone')) {
        for (const caller of CALLERS) {
          const refusal = gateRefusal(e.allow, caller, true);
          if (!refusal) continue;
          expectError(await call(caller, e), ...refusal);
          checked.gate++;
        }
      }
    } finally {
      expect((await owner.put('Network', { isPrivate: false })).status).toBe(200);
    }
  });

  it('lets the admitted callers through to the endpoint itself', async () => {
    for (const e of endpoints) {
      for (const caller of CALLERS) {
        if (gateRefusal(e.allow, caller)) continue;
        const res = await call(caller, e);
        // What the gate would have said to this caller had it shut them out.
        const shutOut =
          (caller === 'blocked' && res.body.subcode === 3 && res.status === 403) ||
          (caller === 'pending' && res.body.subcode === 4 && res.status === 403) ||
          (caller !== 'anonymous' && e.allow !== 'public' && res.status === 401);
        expect(shutOut, `${label(e)} as ${caller}: ${JSON.stringify(res.body)}`).toBe(false);
        checked.gate++;
        // Signing out (DELETE Session) is open to everyone; the rest of the sweep needs them signed in.
        if (res.headers.getSetCookie().length) await world.keepSignedIn(caller);
      }
    }
  });
});

/** The resource a path names: `BlogPost/recent` → `BlogPost`. */
const resourceOf = (e: Endpoint) => e.path.split('/')[0]!;
const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;
const inNetwork = (item: Seeded) => item.label !== 'BlogPost of another network';
const typeIds = (type: string) => [...world.items.filter((i) => i.type === type).map((i) => i.id), ...(world.madeIds[type] ?? [])];

/**
 * The parameter sets a read is swept with: one per seeded item for parameters naming an item
 * (`attachedTo`), every seeded id of the resource for a repeated `id`, the largest page, and
 * a date within the last week for `createdAfter`. Other optional parameters stay unset.
 */
function sweepsOf(e: Endpoint): Form[] {
  const shape = e.params.shape as Record<string, z.ZodType>;
  let sets: Form[] = [{}];
  const each = (values: Form[]) => (sets = sets.flatMap((s) => values.map((v) => ({ ...s, ...v }))));
  for (const [name, schema] of Object.entries(shape)) {
    if (name === 'count') each([{ count: 100 }]);
    else if (name === 'attachedTo') each(world.items.filter((i) => /^\d+:\w+:\d+$/.test(i.id)).map((i) => ({ attachedTo: i.id })));
    else if (name === 'id' && typeIds(resourceOf(e)).length) {
      const ids = typeIds(resourceOf(e));
      each([{ id: ids }, ...ids.map((id) => ({ id }))]);
    } else if (name === 'createdAfter') each([{ createdAfter: new Date(Date.now() - 6 * 86_400_000).toISOString() }]);
    else if (name === 'author' && e.path.startsWith('Friend/')) each([{}, { author: world.screenNames.member }]);
    else if (name === 'q') each([{ q: MARKER_PREFIX }]);
    else if (name === 'type' && e.path === 'Search') each(SEARCHED.map((type) => ({ type })));
    else if (isRequired(schema)) throw new Error(`${label(e)}: the matrix has no value for its required parameter '${name}'`);
  }
  return sets;
}

const SEARCHED = ['BlogPost', 'Topic', 'Photo', 'User'];

/** The documented scope: items of a type the caller may see, in this network. */
const visibleOfType = (type: string, caller: Caller) =>
  world.items.filter((i) => i.type === type && inNetwork(i) && i.seenBy.has(caller)).map((i) => i.id);

describe('every read × every caller: only what the caller may see', () => {
  const reads = () => endpoints.filter((e) => e.method === 'GET');

  it('never shows a caller an item, name or email hidden from them', async () => {
    for (const e of reads()) {
      for (const query of sweepsOf(e)) {
        for (const caller of CALLERS) {
          const res = await call(caller, e, query);
          checked.reads++;
          const text = JSON.stringify(res.body);
          for (const item of world.items) {
            if (!text.includes(item.marker)) continue;
            checked.markers++;
            expect(item.seenBy.has(caller), `${label(e)} ${JSON.stringify(query)} shows ${item.label} to ${caller}`).toBe(true);
          }
        }
      }
    }
  });

  it('gets each item for exactly the callers who may see it, and 404 for the others', async () => {
    for (const e of reads().filter((r) => r.path === resourceOf(r) && 'id' in r.params.shape)) {
      const items = world.items.filter((i) => i.type === e.path);
      for (const item of items) {
        for (const caller of CALLERS) {
          if (gateRefusal(e.allow, caller)) continue;
          const res = await call(caller, e, { id: item.id, fields: 'id' });
          checked.reads++;
          if (item.seenBy.has(caller)) expect(res.body.entry?.id, `${label(e)} ${item.label} as ${caller}`).toBe(item.id);
          else expectError(res, 404, 3, 1);
        }
      }
    }
  });

  it('lists and counts exactly the items of each type the caller may see', async () => {
    for (const type of ['BlogPost', 'Photo', 'Video', 'Topic']) {
      for (const caller of CALLERS) {
        const expected = visibleOfType(type, caller).sort();
        const listed = await world.callers[caller].get(`${type}/recent`, { count: 100, fields: 'id' });
        expect(listed.body.entry.map((x: { id: string }) => x.id).sort(), `${type}/recent as ${caller}`).toEqual(expected);
        const multi = await world.callers[caller].get(type, { id: typeIds(type), fields: 'id' });
        expect(multi.body.entry.map((x: { id: string }) => x.id).sort(), `GET ${type} (all ids) as ${caller}`).toEqual(expected);
        checked.reads += 2;
        if (endpoints.some((e) => e.path === `${type}/count`)) {
          const count = await world.callers[caller].get(`${type}/count`, { createdAfter: new Date(Date.now() - 86_400_000).toISOString() });
          expect(count.body.count, `${type}/count as ${caller}`).toBe(expected.length);
          checked.reads++;
        }
      }
    }
  });

  it('searches find exactly the items of each type the caller may see', async () => {
    for (const type of ['BlogPost', 'Photo', 'Topic']) {
      for (const caller of CALLERS) {
        if (gateRefusal('anyone', caller)) continue;
        const found = await world.callers[caller].get('Search', { q: MARKER_PREFIX, type, count: 50, fields: 'id' });
        expect(found.body.lastPage, `Search ${type} as ${caller}: one page`).toBe(true);
        expect(found.body.entry.map((x: { id: string }) => x.id).sort(), `Search ${type} as ${caller}`).toEqual(visibleOfType(type, caller).sort());
        checked.reads++;
      }
    }
  });

  it('lists exactly the comments the caller may read on each item it may see', async () => {
    const commented = new Set(world.items.filter((i) => i.type === 'Comment').map((c) => c.id));
    for (const item of world.items.filter((i) => ['BlogPost', 'Photo'].includes(i.type) && inNetwork(i))) {
      for (const caller of CALLERS) {
        const res = await world.callers[caller].get('Comment/recent', { attachedTo: item.id, count: 100, fields: 'id' });
        checked.reads++;
        if (!item.seenBy.has(caller)) {
          expectError(res, 404, 3, 1);
          continue;
        }
        const ids: string[] = res.body.entry.map((c: { id: string }) => c.id);
        for (const id of ids) expect(commented.has(id)).toBe(true);
        const expected = world.items.filter((c) => c.type === 'Comment' && c.seenBy.has(caller) && ids.includes(c.id)).map((c) => c.id);
        expect(ids.sort(), `comments on ${item.label} as ${caller}`).toEqual(expected.sort());
      }
    }
  });
});

/** A valid value for each required text parameter of a write other than its id (a post's title), so the row's gate is what answers. */
const requiredText = (e: Endpoint): Form =>
  Object.fromEntries(
    Object.entries(e.params.shape as Record<string, z.ZodType>)
      .filter(([name, schema]) => name !== 'id' && isRequired(schema) && schema.safeParse('Gate').success)
      .map(([name]) => [name, 'Gate']),
  );

describe('parameters a row reserves for a stronger permission × every caller', () => {
  it('are refused (403, 2-1) to every caller the row admits but the reservation does not, changing nothing', async () => {
    const stored = await tableDigest(server.db);
    for (const e of endpoints.filter((x) => x.restricted)) {
      const id = world.items.find((i) => i.type === resourceOf(e) && /:\w+:\d+$/.test(i.id))?.id;
      for (const [name, who] of Object.entries(e.restricted!)) {
        for (const caller of CALLERS) {
          if (gateRefusal(e.allow, caller) || !gateRefusal(who!, caller)) continue;
          const query = id && 'id' in e.params.shape ? { id } : {};
          expectError(await call(caller, e, query, { ...requiredText(e), [name]: 'true' }), 403, 2, 1);
          checked.gate++;
        }
      }
    }
    expect(await tableDigest(server.db)).toEqual(stored);
  });
});

describe('changing and deleting an item × every caller', () => {
  const isModerator = (caller: Caller) => caller === 'admin' || caller === 'owner';
  /** Who may change an item: its author; administrators too, unless it is a draft (drafts stay their author's). */
  const mayChange = (item: Seeded, caller: Caller) => caller === item.author || (isModerator(caller) && item.label !== 'BlogPost draft');
  /** Who may delete: as for changes, and for a comment also the author of the item it is on. */
  const mayDelete = (item: Seeded, caller: Caller) => mayChange(item, caller) || (item.type === 'Comment' && caller === 'member');
  const contentItems = (type: string) => world.items.filter((i) => i.type === type && inNetwork(i) && /:\w+:\d+$/.test(i.id));

  const writes = (method: 'PUT' | 'DELETE') =>
    endpoints.filter((e) => e.method === method && e.path === resourceOf(e) && contentItems(e.path).length > 0 && e.path !== 'User');

  /** What is stored, kept from one call to the next while calls are refused. */
  let stored: Record<string, string> | undefined;
  const expectRefused = async (caller: Caller, e: Endpoint, item: Seeded, allowed: boolean) => {
    const refusal = gateRefusal(e.allow, caller);
    const before = (stored ??= await tableDigest(server.db));
    const res = await call(caller, e, { id: item.id });
    checked.changes++;
    const what = `${label(e)} ${item.label} as ${caller}`;
    if (refusal) expectError(res, ...refusal);
    else if (allowed) {
      stored = undefined;
      return expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    else {
      const [status, code, subcode] = item.seenBy.has(caller) ? [403, 2, 1] : [404, 3, 1];
      expectError(res, status, code, subcode);
    }
    expect(await tableDigest(server.db), `${what} changed the database`).toEqual(before);
  };

  it('PUT with nothing to change: the author and administrators may, others are refused as the item is seen', async () => {
    for (const e of writes('PUT')) {
      for (const item of contentItems(e.path)) {
        for (const caller of CALLERS) await expectRefused(caller, e, item, mayChange(item, caller));
      }
    }
  });

  it('DELETE by anyone but those who may is refused and deletes nothing', async () => {
    for (const e of writes('DELETE')) {
      for (const item of contentItems(e.path)) {
        for (const caller of CALLERS.filter((c) => !mayDelete(item, c))) await expectRefused(caller, e, item, false);
      }
    }
  });
});

// `cli backup` and `cli restore` of the embedded database, against a real server process:
// a backup taken while members write is a whole, consistent database holding every write
// acknowledged before it began; one taken at rest equals the live database table for table;
// restored into an empty folder, the server serves it exactly; restore refuses while a
// server has the database open and keeps the database it replaces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childData, startChildServer, type ChildData, type ChildServer } from '../test/child-server';
import { runCli } from '../test/cli-runner';
import { openSqliteFile, tableDigest } from '../test/digest';
import { DATABASE_FILE } from './backup';

let data: ChildData;
let server: ChildServer;
let base: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'community-backup-'));

beforeAll(async () => {
  if (!embedded) return;
  data = await childData('sqlite');
  server = await startChildServer(data);
  base = `${server.url}/xn/rest/apiexample/1.0`;
});
afterAll(async () => {
  if (!embedded) return;
  if (server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await data.remove();
  fs.rmSync(work, { recursive: true, force: true });
});

async function member(name: string) {
  const join = await fetch(`${base}/User`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: `${name}@backup.example`, password: 'backup-password-1', fullName: name }),
  });
  const cookie = join.headers.getSetCookie()[0]!.split(';')[0]!;
  const csrf = (await (await fetch(`${base}/Session`, { headers: { cookie } })).json()).entry.csrfToken as string;
  return async (title: string) => {
    const body = new URLSearchParams({ title, description: `<p>${title}</p>` });
    for (const tag of ['backup', title]) body.append('tag', tag);
    const res = await fetch(`${base}/BlogPost`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (res.status !== 200) throw new Error(await res.text());
    return (await res.json()).id as string;
  };
}

const cli = (...args: string[]) => runCli(args, { ...data.env, DATABASE_URL: '' });

// The embedded database's tools: tested once, in the SQLite pass of the suite.
const embedded = !process.env.TEST_DATABASE_URL;

describe.runIf(embedded)('cli backup, while the server runs', () => {
  it('copies a consistent database holding every write acknowledged before it began, while writes go on', async () => {
    const writers = await Promise.all(['Bo', 'Cy', 'Di'].map((n) => member(`writer${n}`)));
    const acknowledged: string[] = [];
    let writing = true;
    const load = Promise.all(
      writers.map(async (write, w) => {
        for (let n = 0; writing; n++) acknowledged.push(await write(`w${w}n${n}`));
      }),
    );
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...acknowledged];
    const file = path.join(work, 'during-load.db');
    const result = await cli('backup', '--to', file, '--json');
    writing = false;
    await load;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ file, bytes: expect.any(Number), tables: expect.any(Number) });
    expect(acknowledged.length).toBeGreaterThan(before.length);

    const backup = openSqliteFile(file);
    try {
      const posts = await backup.selectFrom('blog_posts').select(['id', 'title']).execute();
      const ids = new Set(posts.map((p) => `${p.id}`));
      for (const id of before) expect(ids.has(id.split(':')[2]!), id).toBe(true);
      // Whole: every post with both its tags and its event.
      const { rows: incomplete } = await sql<{ id: number }>`
        select p.id from blog_posts p
        where (select count(*) from item_tags t where t.item_type = 'BlogPost' and t.item_id = p.id) <> 2
           or not exists (select 1 from activities a where a.content_type = 'BlogPost' and a.content_id = p.id)`.execute(backup);
      expect(incomplete).toEqual([]);
    } finally {
      await backup.destroy();
    }
  });

  it('equals the live database table for table when taken at rest, and refuses to overwrite a file', async () => {
    const file = path.join(work, 'at-rest.db');
    expect((await cli('backup', '--to', file)).code).toBe(0);
    const [live, backup] = [openSqliteFile(path.join(data.dataDir, DATABASE_FILE)), openSqliteFile(file)];
    try {
      expect(await tableDigest(backup)).toEqual(await tableDigest(live));
    } finally {
      await Promise.all([live.destroy(), backup.destroy()]);
    }
    const again = await cli('backup', '--to', file);
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining('exists') });
  });
});

describe.runIf(embedded)('cli restore', () => {
  it('refuses while the server has the database open, and what is no backup', async () => {
    const busy = await cli('restore', '--from', path.join(work, 'at-rest.db'));
    expect(busy).toMatchObject({ code: 2, stderr: expect.stringContaining('stop the server') });
    const junk = path.join(work, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    expect(await cli('restore', '--from', junk)).toMatchObject({ code: 2, stderr: expect.stringContaining('not a database') });
  });

  it('puts the backup in place, keeps the database it replaced, and the server serves exactly the backup', async () => {
    const file = path.join(work, 'at-rest.db');
    const expected = await (async () => {
      const db = openSqliteFile(file);
      try {
        return await tableDigest(db);
      } finally {
        await db.destroy();
      }
    })();
    // Written after the backup: gone once it is restored.
    const write = await member('latecomer');
    const late = await write('after the backup');
    server.process.kill('SIGTERM');
    await server.exited;

    const restored = await cli('restore', '--from', file, '--json');
    expect(restored.code, restored.stderr).toBe(0);
    const { previous } = JSON.parse(restored.stdout);
    expect(fs.existsSync(previous)).toBe(true);

    server = await startChildServer(data);
    base = `${server.url}/xn/rest/apiexample/1.0`;
    const gone = await fetch(`${base}/BlogPost?id=${encodeURIComponent(late)}`);
    expect(gone.status).toBe(404);
    const listed = await (await fetch(`${base}/BlogPost/recent?count=100&tag=backup&fields=topTags`)).json();
    expect(listed.entry.length).toBeGreaterThanOrEqual(30);
    server.process.kill('SIGTERM');
    await server.exited;
    const live = openSqliteFile(path.join(data.dataDir, DATABASE_FILE));
    try {
      expect(await tableDigest(live)).toEqual(expected);
    } finally {
      await live.destroy();
    }
  });
});

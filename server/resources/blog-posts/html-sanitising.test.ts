// Story: a member tries to smuggle script into a post and into a comment; what is stored
// and served keeps the harmless markup and loses everything that could run in a reader's
// browser (script elements, event handlers, javascript: URLs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test/harness';

let server: TestServer;
let mallory: Client;

beforeAll(async () => {
  server = await startTestServer();
  mallory = await server.signUp('Mallory Markup');
});
afterAll(() => server.stop());

const attacks = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="JaVaScRiPt:alert(4)">click</a>',
  '<a href="&#106;avascript:alert(5)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="alert(6)"></svg>',
  '<p style="background:url(javascript:alert(7))" onclick="alert(8)">styled</p>',
  '<img src="data:text/html,<script>alert(9)</script>">',
  '<object data="evil.swf"></object><embed src="evil.swf">',
].join('');

function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<object|<embed/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:text/i);
  expect(html).not.toMatch(/style=/i);
}

describe('HTML written by members', () => {
  it('keeps allowed markup and drops what could run', async () => {
    const description = `<p>Hello <b>bold</b> <a href="https://example.org/">link</a></p>${attacks}`;
    const id = (await mallory.post('BlogPost', { title: 'Innocent', description })).body.id;
    const stored = (await server.anonymous().get('BlogPost', { id, fields: 'description' })).body.entry.description as string;
    expectHarmless(stored);
    expect(stored).toContain('<p>Hello <b>bold</b> <a href="https://example.org/"');
    expect(stored).toContain('>link</a></p>');
    expect(stored).toContain('styled');

    await mallory.put('BlogPost', { description: `<em>Edited</em>${attacks}` }, { id });
    const edited = (await server.anonymous().get('BlogPost', { id, fields: 'description' })).body.entry.description as string;
    expectHarmless(edited);
    expect(edited).toContain('<em>Edited</em>');

    await mallory.post('Comment', { attachedTo: id, description: `<i>Nice</i>${attacks}` });
    const comment = (await server.anonymous().get('Comment/recent', { attachedTo: id, fields: 'description' })).body.entry[0];
    expectHarmless(comment.description);
    expect(comment.description).toContain('<i>Nice</i>');
  });

  it('previews a description exactly as a post would store it, and stores nothing', async () => {
    const description = `<h2>Plan</h2><p>Hello <b>bold</b></p><blockquote>Quoted</blockquote>${attacks}`;
    const before = (await mallory.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry.length;
    const preview = await mallory.post('BlogPost/preview', { description });
    expect(preview.body).toEqual({ success: true, entry: { description: expect.any(String) } });
    expectHarmless(preview.body.entry.description);

    const id = (await mallory.post('BlogPost', { title: 'Previewed', description })).body.id;
    const stored = (await mallory.get('BlogPost', { id, fields: 'description' })).body.entry.description;
    expect(preview.body.entry.description).toBe(stored);
    expect((await mallory.get('BlogPost/recent', { count: 100, fields: 'id' })).body.entry).toHaveLength(before + 1);
  });

  it('keeps the title as plain text, exactly as written (clients show it as text, not HTML)', async () => {
    const title = '<b>Cats</b> & "dogs"';
    const id = (await mallory.post('BlogPost', { title, description: 'x' })).body.id;
    expect((await server.anonymous().get('BlogPost', { id, fields: 'title' })).body.entry).toEqual({ id, title });
  });
});

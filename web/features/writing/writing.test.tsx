// Writing a post: the composer's formatting, tags, visibility and the three ways out (draft,
// now, scheduled), the preview of the stored text, the local copy and the guard against losing
// changes; editing and deleting one's own post; who may write at all.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../lib/api-types';
import { aBlogPost, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  commentsHandler,
  createdEnvelope,
  doneEnvelope,
  entryEnvelope,
  listingEnvelope,
  rest,
  bareEntryEnvelope,
  sessionHandler,
} from '../../test/rest-handlers';
import { server } from '../../test/server';
import { withoutEventHandlers } from './components/rich-text-editor';

const grace = aSession();

/** A service that keeps the posts written through it, and records each write's form. */
function blogService(existing: BlogPost[] = []) {
  const posts = new Map(existing.map((post) => [post.id, post]));
  const writes: { method: string; form: URLSearchParams; id: string | null }[] = [];
  let next = 100;
  const handlers = [
    sessionHandler(grace),
    http.get(rest('Tag/popular'), () =>
      entryEnvelope([
        { value: 'engines', count: 3 },
        { value: 'history', count: 1 },
      ]),
    ),
    http.post(rest('BlogPost/preview'), async ({ request }) => {
      const description = new URLSearchParams(await request.text()).get('description') ?? '';
      return bareEntryEnvelope({ description: description.replace(/<script>.*?<\/script>/g, '') });
    }),
    http.post(rest('BlogPost'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const id = `1:BlogPost:${next++}`;
      writes.push({ method: 'POST', form, id: null });
      posts.set(id, aBlogPost({ id, author: grace.author, title: form.get('title') ?? '', description: form.get('description') ?? '' }));
      return createdEnvelope(id);
    }),
    http.put(rest('BlogPost'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const id = new URL(request.url).searchParams.get('id');
      writes.push({ method: 'PUT', form, id });
      const post = posts.get(id ?? '')!;
      posts.set(post.id, { ...post, title: form.get('title') ?? post.title });
      return doneEnvelope();
    }),
    http.delete(rest('BlogPost'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      writes.push({ method: 'DELETE', form: new URLSearchParams(), id });
      posts.delete(id ?? '');
      return doneEnvelope();
    }),
    http.get(rest('BlogPost'), ({ request }) => {
      const post = posts.get(new URL(request.url).searchParams.get('id') ?? '');
      return post ? entryEnvelope(post, members) : notFound();
    }),
    http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
    commentsHandler(),
  ];
  return { handlers, writes, posts };
}

const notFound = () =>
  Response.json({ success: false, status: 404, reason: 'No such blog post', code: 3, subcode: 1, trace: 't' }, { status: 404 });

const editor = () => screen.findByRole('textbox', { name: 'Text' });

afterEach(() => localStorage.clear());

describe('writing a post', () => {
  it('publishes a formatted post with tags for the chosen readers, then shows it', async () => {
    const service = blogService();
    server.use(...service.handlers);
    const { user, router } = renderRoute('/n/apiexample/write');

    await user.type(await screen.findByLabelText('Title'), 'Notes on the Difference Engine');
    await user.click(await editor());
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('It computes tables.');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');

    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'engines{Enter}history,');
    expect(screen.getByRole('button', { name: 'Remove tag engines' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove tag history' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Who can see it'), 'Members of this network');

    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Notes on the Difference Engine' })).toBeTruthy();
    const [{ form }] = service.writes;
    expect(form.get('title')).toBe('Notes on the Difference Engine');
    expect(form.get('description')).toBe('<p><strong>It computes tables.</strong></p>');
    expect(form.getAll('tag')).toEqual(['engines', 'history']);
    expect(form.get('visibility')).toBe('members');
    expect(form.get('publishStatus')).toBe('publish');
    expect(form.get('publishTime')).toBe('now');
    expect(router.state.location.pathname).toBe('/n/apiexample/blog/1%3ABlogPost%3A100');
  });

  it('saves a draft, and schedules a post for a moment in the writer’s time zone', async () => {
    const service = blogService();
    server.use(...service.handlers);
    const { user } = renderRoute('/n/apiexample/write');

    await user.type(await screen.findByLabelText('Title'), 'Half-finished');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('heading', { level: 1, name: 'Half-finished' });
    expect(service.writes[0]!.form.get('publishStatus')).toBe('draft');

    await user.click(screen.getByRole('link', { name: 'Write a post' }));
    await user.type(await screen.findByLabelText('Title'), 'For tomorrow');
    await user.type(screen.getByLabelText('Publish on'), '2031-05-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByRole('heading', { level: 1, name: 'For tomorrow' });
    expect(service.writes[1]!.form.get('publishStatus')).toBe('publish');
    expect(service.writes[1]!.form.get('publishTime')).toBe(new Date(2031, 4, 1, 9, 30).toISOString());
  });

  it('says what is missing instead of sending a post without a title or a time', async () => {
    const service = blogService();
    server.use(...service.handlers);
    const { user } = renderRoute('/n/apiexample/write');

    await user.type(await screen.findByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A post needs a title.');

    await user.type(screen.getByLabelText('Title'), 'Soon');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the date and time to publish it.');
    await user.type(screen.getByLabelText('Publish on'), '2001-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a moment in the future, or publish it now.');
    expect(service.writes).toEqual([]);
  });

  it('offers the tags already in use', async () => {
    server.use(...blogService().handlers);
    renderRoute('/n/apiexample/write');

    const tags = await screen.findByRole('combobox', { name: 'Tags' });
    await waitFor(() => {
      const options = [...document.getElementById(tags.getAttribute('list')!)!.querySelectorAll('option')];
      expect(options.map((option) => option.value)).toEqual(['engines', 'history']);
    });
  });

  it('previews the text exactly as the service will store it', async () => {
    server.use(...blogService().handlers);
    const { user } = renderRoute('/n/apiexample/write');

    await user.type(await screen.findByLabelText('Title'), 'Previewed');
    await user.click(await editor());
    await user.keyboard('Plain words');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Plain words')).toBeTruthy();
    expect(within(preview).getByRole('heading', { level: 1, name: 'Previewed' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await editor()).toBeTruthy();
  });

  it('keeps what was typed in this browser and offers it back after the page is closed', async () => {
    server.use(...blogService().handlers);
    const first = renderRoute('/n/apiexample/write');
    await first.user.type(await screen.findByLabelText('Title'), 'Not lost');
    await waitFor(() => expect(localStorage.length).toBe(1), { timeout: 2000 });
    act(() => first.router.dispose());
    document.body.innerHTML = '';

    const { user } = renderRoute('/n/apiexample/write');
    expect(await screen.findByText(/Your unsaved changes from .* are back/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Not lost');

    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('asks before leaving with unsaved changes', async () => {
    server.use(...blogService().handlers);
    const { user, router } = renderRoute('/n/apiexample/write');

    await user.type(await screen.findByLabelText('Title'), 'Unsaved');
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/n/apiexample/write');

    await user.click(screen.getByRole('link', { name: 'Blog' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/n/apiexample/blog'));
  });
});

describe('one’s own post', () => {
  const mine = aBlogPost({
    id: '1:BlogPost:7',
    author: 'grace',
    title: 'Compilers for everyone',
    description: '<p>Write once.</p>',
    topTags: ['compilers'],
    visibility: 'friends',
  });

  it('is edited from its page, keeping its text and tags', async () => {
    const service = blogService([mine]);
    server.use(...service.handlers);
    const { user } = renderRoute(`/n/apiexample/blog/${encodeURIComponent(mine.id)}`);

    await user.click(await screen.findByRole('link', { name: 'Edit post' }));
    const title = await screen.findByLabelText<HTMLInputElement>('Title');
    expect(title.value).toBe('Compilers for everyone');
    expect((await editor()).textContent).toBe('Write once.');
    expect(screen.getByLabelText<HTMLSelectElement>('Who can see it').value).toBe('friends');
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();

    await user.clear(title);
    await user.type(title, 'Compilers for all');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Compilers for all' })).toBeTruthy();
    const [{ method, form, id }] = service.writes;
    expect({ method, id }).toEqual({ method: 'PUT', id: mine.id });
    expect(form.get('description')).toBe('<p>Write once.</p>');
    expect(form.getAll('tag')).toEqual(['compilers']);
    expect(form.has('publishStatus')).toBe(false);
  });

  it('is deleted only after confirming', async () => {
    const service = blogService([mine]);
    server.use(...service.handlers, http.get(rest('BlogPost/recent'), () => listingEnvelope([])));
    const { user, router } = renderRoute(`/n/apiexample/blog/${encodeURIComponent(mine.id)}`);

    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(service.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/n/apiexample/my/posts'));
    expect(service.writes.map(({ method, id }) => `${method} ${id}`)).toEqual([`DELETE ${mine.id}`]);
  });

  it('shows no Edit or Delete to anyone else', async () => {
    const service = blogService([{ ...mine, author: 'ada' }]);
    server.use(...service.handlers);
    renderRoute(`/n/apiexample/blog/${encodeURIComponent(mine.id)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Compilers for everyone' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
  });
});

describe('who may write', () => {
  it('sends a visitor to sign in first, and back', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
      http.get(rest('Tag/popular'), () => entryEnvelope([])),
    );
    const { router } = renderRoute('/n/apiexample/write');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/n/apiexample/write')}`);
  });

  it('tells a member awaiting approval, without a form', async () => {
    server.use(sessionHandler(aSession({ state: 'pending' })), http.get(rest('Tag/popular'), () => entryEnvelope([])));
    renderRoute('/n/apiexample/write');

    expect(await screen.findByText('You can write posts once an administrator approves your membership.')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});

describe('pasting into the text', () => {
  it('drops event-handler attributes before the editor parses the pasted markup', () => {
    expect(withoutEventHandlers('<img src=x onerror=xss(5)><svg/onload="xss(6)">')).toBe('<img src=x ><svg/>');
    expect(withoutEventHandlers(`<a href="/a" ONCLICK='go()' title=">">turn on=off, onion=good</a>`)).toBe('<a href="/a"  title=">">turn on=off, onion=good</a>');
  });
});

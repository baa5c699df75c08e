// The forum: categories and latest topics, administrators keeping categories, starting a topic, a topic with its replies, editing
// and deleting one's own after confirming, closed topics, and unknown ones.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aComment, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { createdEnvelope, doneEnvelope, entryEnvelope, errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';
import type { Category, Topic } from './api/forum-queries';
import { htmlToText, textToHtml } from './api/forum-mutations';

const CATEGORY_ID = '1:Category:1';
const TOPIC_ID = '1:Topic:5';

function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: CATEGORY_ID,
    author: 'ada',
    createdDate: '2011-06-01T08:00:00.000Z',
    updatedDate: '2011-06-01T08:00:00.000Z',
    title: 'Engines',
    description: 'Difference and analytical',
    topicCount: 1,
    url: `http://localhost/n/apiexample/forum/categories/${encodeURIComponent(CATEGORY_ID)}`,
    ...overrides,
  };
}

function aTopic(overrides: Partial<Topic> = {}): Topic {
  return {
    id: TOPIC_ID,
    author: 'ada',
    createdDate: '2011-06-23T18:34:22.123Z',
    updatedDate: '2011-06-23T18:34:22.123Z',
    featuredDate: null,
    title: 'Which gears last longest?',
    description: '<p>Brass or steel?</p><p>Asking for a friend.</p>',
    visibility: 'all',
    approved: true,
    isClosed: false,
    categoryId: CATEGORY_ID,
    commentCount: 1,
    url: `http://localhost/n/apiexample/forum/topics/${encodeURIComponent(TOPIC_ID)}`,
    topTags: ['gears'],
    ...overrides,
  };
}

const categoryResource = { [CATEGORY_ID]: { title: 'Engines', url: aCategory().url } };

let storedReplies: ReturnType<typeof aComment>[] = [];

function forumService({ topics = [aTopic()], topic = aTopic() }: { topics?: Topic[]; topic?: Topic | null } = {}) {
  storedReplies = [aComment({ id: '1:Comment:8', attachedTo: TOPIC_ID, attachedToType: 'Topic', description: '<p>Brass, always.</p>' })];
  return [
    http.get(rest('Category/alpha'), () => listingEnvelope([aCategory()])),
    http.get(rest('Tag/popular'), () => entryEnvelope([{ value: 'gears', count: 2 }])),
    http.get(rest('Category'), () => entryEnvelope(aCategory())),
    http.get(rest('Topic/recent'), () => listingEnvelope(topics, { resources: { ...members, ...categoryResource } as never })),
    http.get(rest('Topic'), () =>
      topic ? entryEnvelope(topic, { ...members, ...categoryResource } as never) : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No Topic with id 1:Topic:9.' }),
    ),
    http.get(rest('Comment/recent'), () => listingEnvelope(storedReplies.toReversed(), { resources: members })),
  ];
}

describe('the forum', () => {
  it('shows its categories and latest topics; visitors are not offered to start one', async () => {
    server.use(sessionHandler(null), ...forumService());
    renderRoute('/n/apiexample/forum');

    expect(await screen.findByRole('heading', { level: 1, name: 'Forum' })).toBeTruthy();
    const categories = await screen.findByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Engines' }).getAttribute('href')).toBe('/n/apiexample/forum/categories/1%3ACategory%3A1');
    expect(within(categories).getByText('1 topic')).toBeTruthy();
    const topics = await screen.findByRole('list', { name: 'Topics' });
    const [row] = within(topics).getAllByRole('listitem');
    expect(within(row!).getByRole('link', { name: 'Which gears last longest?' }).getAttribute('href')).toBe('/n/apiexample/forum/topics/1%3ATopic%3A5');
    expect(row!.textContent).toContain('1 reply');
    expect(within(row!).getByRole('link', { name: 'Engines' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start a topic' })).toBeNull();
  });

  it('invites a member to start the first topic', async () => {
    server.use(sessionHandler(aSession()), ...forumService({ topics: [] }));
    renderRoute('/n/apiexample/forum');
    expect(await screen.findByText('No topics yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the first topic' }).getAttribute('href')).toBe('/n/apiexample/forum/new');
  });

  it('lets a member start a topic in a category, and opens it', async () => {
    let sent: URLSearchParams | null = null;
    server.use(
      sessionHandler(aSession()),
      ...forumService({ topic: aTopic({ author: 'grace', title: 'Punched cards', description: '<p>Who still has some?</p>' }) }),
      http.post(rest('Topic'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        return createdEnvelope(TOPIC_ID);
      }),
    );
    const { user, router } = renderRoute(`/n/apiexample/forum/new?category=${encodeURIComponent(CATEGORY_ID)}`);

    const title = await screen.findByLabelText('Title');
    expect(screen.getByText('0 of 200 characters')).toBeTruthy();
    await user.type(title, 'Punched cards');
    expect(await screen.findByRole('option', { name: 'Engines' })).toBeTruthy();
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(CATEGORY_ID);
    await user.type(screen.getByLabelText('Text'), 'Who still has some?{enter}{enter}<b>Mine</b> are gone.');
    await user.type(screen.getByLabelText('Tags'), 'cards{enter}');
    await user.click(screen.getByRole('button', { name: 'Start topic' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Punched cards' })).toBeTruthy();
    expect(sent!.getAll('tag')).toEqual(['cards']);
    expect(router.state.location.pathname).toBe('/n/apiexample/forum/topics/1%3ATopic%3A5');
    expect(sent!.get('title')).toBe('Punched cards');
    expect(sent!.get('categoryId')).toBe(CATEGORY_ID);
    expect(sent!.get('description')).toBe('<p>Who still has some?</p><p>&lt;b&gt;Mine&lt;/b&gt; are gone.</p>');
  });

  it('says in plain words when a topic was not started', async () => {
    server.use(
      sessionHandler(aSession()),
      ...forumService(),
      http.post(rest('Topic'), () => errorEnvelope({ status: 400, code: 4, subcode: 3, reason: 'Parameter `title` must not be blank' })),
    );
    const { user } = renderRoute('/n/apiexample/forum/new');
    await user.type(await screen.findByLabelText('Title'), 'A title');
    await user.click(screen.getByRole('button', { name: 'Start topic' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The topic was not started.');
    expect(alert.textContent).not.toContain('Parameter');
  });
});

describe('a category page', () => {
  const categoryUrl = `/n/apiexample/forum/categories/${encodeURIComponent(CATEGORY_ID)}`;
  const emptyQueue = http.get(rest('ModerationQueue/count'), () => Response.json({ success: true, count: 0 }));

  it('lets an administrator rename a category and change what it is for', async () => {
    let category = aCategory();
    let sent: URLSearchParams | undefined;
    server.use(
      sessionHandler(aSession({ author: 'grace', isAdmin: true })),
      emptyQueue,
      http.get(rest('Category'), () => entryEnvelope(category)),
      ...forumService(),
      http.put(rest('Category'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        category = { ...category, title: sent.get('title')!, description: sent.get('description')! };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(categoryUrl);

    await user.click(await screen.findByRole('button', { name: 'Edit category' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit category' });
    const name = within(dialog).getByRole('textbox', { name: 'Category name' });
    expect((name as HTMLInputElement).value).toBe('Engines');
    await user.clear(name);
    await user.type(name, 'Engines and looms');
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Engines and looms' })).toBeTruthy();
    expect(sent?.get('description')).toBe('Difference and analytical');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets an administrator delete a category after confirming; its topics stay', async () => {
    const deleted: string[] = [];
    server.use(
      sessionHandler(aSession({ author: 'grace', isAdmin: true })),
      emptyQueue,
      ...forumService(),
      http.delete(rest('Category'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        return doneEnvelope();
      }),
    );
    const { user, router } = renderRoute(categoryUrl);

    await user.click(await screen.findByRole('button', { name: 'Delete category' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this category?' });
    expect(dialog.textContent).toContain('its topics stay in the forum, without a category');
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));

    expect(await screen.findByText('The category is deleted. Its topics stay in the forum, without a category.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/forum');
    expect(deleted).toEqual([CATEGORY_ID]);
  });

  it('offers members who are not administrators neither', async () => {
    server.use(sessionHandler(aSession({ author: 'grace' })), ...forumService());
    renderRoute(categoryUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Engines' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete category' })).toBeNull();
  });
});

describe('a topic page', () => {
  it('shows the topic, its category and tags, its replies, and the reply form', async () => {
    let reply: URLSearchParams | null = null;
    server.use(
      sessionHandler(aSession()),
      ...forumService(),
      http.post(rest('Comment'), async ({ request }) => {
        reply = new URLSearchParams(await request.text());
        storedReplies.push(aComment({ id: '1:Comment:9', attachedTo: TOPIC_ID, attachedToType: 'Topic', description: reply.get('description')! }));
        return createdEnvelope('1:Comment:9');
      }),
    );
    const { user } = renderRoute(`/n/apiexample/forum/topics/${encodeURIComponent(TOPIC_ID)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Which gears last longest?' })).toBeTruthy();
    expect(screen.getByText('Asking for a friend.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Engines' }).getAttribute('href')).toBe('/n/apiexample/forum/categories/1%3ACategory%3A1');
    expect(screen.getByRole('link', { name: 'gears' }).getAttribute('href')).toBe('/n/apiexample/tags/gears');
    const replies = screen.getByRole('region', { name: 'Replies' });
    expect(await within(replies).findByText('Brass, always.')).toBeTruthy();
    // Grace did not start the topic: no edit or delete.
    expect(screen.queryByRole('button', { name: 'Delete topic' })).toBeNull();

    await user.type(within(replies).getByLabelText('Your reply'), 'Steel for me.');
    await user.click(within(replies).getByRole('button', { name: 'Reply' }));
    expect(await within(replies).findByText('Steel for me.')).toBeTruthy();
    expect(reply!.get('attachedTo')).toBe(TOPIC_ID);
  });

  it('lets its author edit it and delete it after confirming', async () => {
    let changed: URLSearchParams | null = null;
    const deleted: string[] = [];
    server.use(
      sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })),
      ...forumService(),
      http.put(rest('Topic'), async ({ request }) => {
        changed = new URLSearchParams(await request.text());
        return doneEnvelope();
      }),
      http.delete(rest('Topic'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        return doneEnvelope();
      }),
    );
    const { user, router } = renderRoute(`/n/apiexample/forum/topics/${encodeURIComponent(TOPIC_ID)}`);

    await user.click(await screen.findByRole('link', { name: 'Edit topic' }));
    const text = (await screen.findByLabelText('Text')) as HTMLTextAreaElement;
    expect(text.value).toBe('Brass or steel?\n\nAsking for a friend.');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Which gears wear least?');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Delete topic' });
    expect(changed!.get('title')).toBe('Which gears wear least?');
    expect(new URL(`http://x${router.state.location.pathname}`).pathname).toBe('/n/apiexample/forum/topics/1%3ATopic%3A5');

    await user.click(screen.getByRole('button', { name: 'Delete topic' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this topic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete topic' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this topic?' })).getByRole('button', { name: 'Delete topic' }));
    expect(await screen.findByText('The topic is deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/forum');
    expect(deleted).toEqual([TOPIC_ID]);
  });

  it('takes no replies when closed, and its author may close and reopen it', async () => {
    let topic = aTopic({ isClosed: false });
    const sent: string[] = [];
    server.use(
      sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })),
      // Before the service's own Topic handler, which msw would otherwise pick first.
      http.get(rest('Topic'), () => entryEnvelope(topic, { ...members, ...categoryResource } as never)),
      ...forumService(),
      http.put(rest('Topic'), async ({ request }) => {
        const isClosed = new URLSearchParams(await request.text()).get('isClosed')!;
        sent.push(isClosed);
        topic = aTopic({ isClosed: isClosed === 'true' });
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(`/n/apiexample/forum/topics/${encodeURIComponent(TOPIC_ID)}`);
    expect(await screen.findByLabelText('Your reply')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close topic' }));
    expect(await screen.findByText('This topic is closed, so it takes no more replies.')).toBeTruthy();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen topic' }));
    expect(await screen.findByLabelText('Your reply')).toBeTruthy();
    expect(sent).toEqual(['true', 'false']);
  });

  it('is a not-found page for an unknown topic', async () => {
    server.use(sessionHandler(null), ...forumService({ topic: null }));
    renderRoute('/n/apiexample/forum/topics/1%3ATopic%3A9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic not found' })).toBeTruthy();
  });
});

describe('topic text', () => {
  it('goes to the service as escaped paragraphs and comes back as the text written', () => {
    const html = textToHtml('One <two>\nline\n\n\nThree & four');
    expect(html).toBe('<p>One &lt;two&gt;<br>line</p><p>Three &amp; four</p>');
    expect(htmlToText(html)).toBe('One <two>\nline\n\nThree & four');
  });
});

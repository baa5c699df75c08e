// The administrators' pages: the moderation queue (with its count in the navigation), members,
// featured, broadcasts and the network's settings; and what a member who is not an
// administrator sees of them.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Member, Resources } from '../../lib/api-types';
import { aBlogPost, aComment, aMember, aNetwork, anActivityEvent, aPhoto, aSession, imageResources, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  bareEntryEnvelope,
  commentsHandler,
  createdEnvelope,
  doneEnvelope,
  entryEnvelope,
  errorEnvelope,
  listingEnvelope,
  rest,
  sessionHandler,
} from '../../test/rest-handlers';
import { server } from '../../test/server';
import type { QueueEntry } from '../moderation/api/moderation';

const admin = aSession({ author: 'grace', isAdmin: true, csrfToken: 'csrf-admin' });
const owner = aSession({ author: 'ada', fullName: members.ada.fullName, isOwner: true, isAdmin: true, state: 'owner', csrfToken: 'csrf-owner' });
const plain = aSession({ author: 'grace' });

function aQueueEntry(overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id: '1:BlogPost:7',
    type: 'BlogPost',
    author: 'ada',
    createdDate: '2011-06-23T18:00:00.000Z',
    title: 'Held post',
    description: '<p>Waiting for a look.</p>',
    attachedTo: null,
    attachedToType: null,
    preview: 'Waiting for a look.',
    imageUrl: null,
    ...overrides,
  };
}

/** A queue the handlers keep, and the decisions they were sent. */
function queueHandlers(initial: QueueEntry[]) {
  let queue = [...initial];
  const decisions: string[] = [];
  const decided = (id: string, what: string) => {
    decisions.push(`${what} ${id}`);
    queue = queue.filter((entry) => entry.id !== id);
    return doneEnvelope();
  };
  const handlers = [
    // The service lists the newest first.
    http.get(rest('ModerationQueue/list'), () =>
      listingEnvelope(queue.toSorted((a, b) => b.createdDate.localeCompare(a.createdDate)), { resources: members }),
    ),
    http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(queue.length)),
    ...['BlogPost', 'Photo', 'Comment', 'User'].flatMap((type) => [
      http.put(rest(type), async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        expect(form.get('approved')).toBe('true');
        expect(request.headers.get('X-CSRF-Token')).toBe('csrf-admin');
        return decided(new URL(request.url).searchParams.get('id')!, 'approve');
      }),
      http.delete(rest(type), ({ request }) => decided(new URL(request.url).searchParams.get('id')!, 'reject')),
    ]),
    http.post(rest('ModerationQueue/reject'), async ({ request }) => {
      const ids = new URLSearchParams(await request.text()).getAll('id');
      for (const id of ids) decided(id, 'reject');
      return Response.json({ success: true, entry: ids.map((id) => ({ id, success: true, status: 200 })) });
    }),
  ];
  return { handlers, decisions };
}

/** `GET …/count` replies carry the number at the top level. */
function entryEnvelopeless(count: number) {
  return Response.json({ success: true, count });
}

describe('the moderation queue', () => {
  it('lists what waits, newest first, with the count in the navigation; approves one and rejects a selection after asking', async () => {
    const { handlers, decisions } = queueHandlers([
      aQueueEntry({ id: '1:BlogPost:7', title: 'Held post', createdDate: '2011-06-23T18:00:00.000Z' }),
      aQueueEntry({
        id: '1:Photo:3',
        type: 'Photo',
        title: 'Harbour',
        description: null,
        preview: null,
        imageUrl: 'http://localhost/xn/images/1/3/thumbnail.jpg',
        createdDate: '2011-06-24T08:00:00.000Z',
      }),
      aQueueEntry({
        id: '1:Comment:9',
        type: 'Comment',
        title: null,
        author: 'grace',
        description: '<p>First!</p>',
        preview: 'First!',
        attachedTo: '1:BlogPost:1',
        attachedToType: 'BlogPost',
        createdDate: '2011-06-22T08:00:00.000Z',
      }),
      aQueueEntry({ id: '1:User:9', type: 'User', author: 'babbage', title: null, description: null, preview: null, createdDate: '2011-06-25T08:00:00.000Z' }),
    ]);
    server.use(sessionHandler(admin), ...handlers);
    const { user } = renderRoute('/n/apiexample/admin/queue');

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['babbage', 'Harbour', 'Held post', 'Comment on a post']);
    expect(screen.getByText('Waiting for a look.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: /Admin\s*4\s*awaiting approval/ })).toBeTruthy();

    const held = screen.getByRole('listitem', { name: 'Held post' });
    await user.click(within(held).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Held post' })).toBeNull());
    expect(decisions).toEqual(['approve 1:BlogPost:7']);
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Admin\s*3\s*awaiting approval/ })).toBeTruthy());

    await user.click(screen.getByRole('checkbox', { name: 'Select “Harbour”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Comment on a post”' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 items?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected 2 items.')).toBeTruthy();
    expect(decisions.slice(1).toSorted()).toEqual(['reject 1:Comment:9', 'reject 1:Photo:3']);
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['babbage']));
  });

  it('names a comment by what it is on, and an untitled photo as the gallery does', async () => {
    const comment = { type: 'Comment' as const, title: null, author: 'grace', description: '<p>Hello</p>', preview: 'Hello' };
    const { handlers } = queueHandlers([
      aQueueEntry({ ...comment, id: '1:Comment:9', attachedTo: '1:Topic:2', attachedToType: 'Topic', createdDate: '2011-06-25T08:00:00.000Z' }),
      aQueueEntry({ ...comment, id: '1:Comment:8', attachedTo: '1:Photo:3', attachedToType: 'Photo', createdDate: '2011-06-24T08:00:00.000Z' }),
      aQueueEntry({ id: '1:Photo:4', type: 'Photo', title: '', description: null, preview: null, createdDate: '2011-06-23T08:00:00.000Z' }),
    ]);
    server.use(sessionHandler(admin), ...handlers);
    renderRoute('/n/apiexample/admin/queue');

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Reply in a forum topic', 'Comment on a photo', 'Untitled photo']);
    expect(within(headings[0]!).getByRole('link').getAttribute('href')).toBe('/n/apiexample/forum/topics/1%3ATopic%3A2');
  });

  it('says so when nothing waits, and in plain words when a decision fails', async () => {
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/list'), () => listingEnvelope([aQueueEntry()], { resources: members })),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(1)),
      http.put(rest('BlogPost'), () => errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No such BlogPost 1:BlogPost:7' })),
    );
    const { user } = renderRoute('/n/apiexample/admin/queue');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/It is no longer waiting: another administrator may have dealt with it already/)).toBeTruthy();
    expect(screen.queryByText(/No such BlogPost/)).toBeNull();

    server.use(http.get(rest('ModerationQueue/list'), () => listingEnvelope([])));
    renderRoute('/n/apiexample/admin/queue');
    expect(await screen.findByText('Nothing is waiting for approval.')).toBeTruthy();
  });
});

describe('a member who is not an administrator', () => {
  it('sees no Admin link, no admin controls on a post, and is told the admin pages are not for them', async () => {
    server.use(
      sessionHandler(plain),
      http.get(rest('BlogPost'), () => entryEnvelope(aBlogPost(), members)),
      commentsHandler(),
    );
    renderRoute('/n/apiexample/blog/1%3ABlogPost%3A1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes on the Analytical Engine' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /Admin/ })).toBeNull();
    for (const name of ['Approve', 'Reject', 'Feature', 'Unfeature', 'Delete']) expect(screen.queryByRole('button', { name })).toBeNull();

    renderRoute('/n/apiexample/admin/queue');
    expect(await screen.findByText(/These pages are for the network’s administrators/)).toBeTruthy();
  });

  it('sees “Awaiting approval” on their own held post, without Approve', async () => {
    server.use(
      sessionHandler(plain),
      http.get(rest('BlogPost'), () => entryEnvelope(aBlogPost({ author: 'grace', approved: false }), members)),
      commentsHandler(),
    );
    renderRoute('/n/apiexample/blog/1%3ABlogPost%3A1');
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('administrators on a post', () => {
  it('approve a held post where it is shown, feature it, and delete a comment after asking', async () => {
    let post = aBlogPost({ approved: false });
    const sent: string[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(post.approved ? 0 : 1)),
      http.get(rest('BlogPost'), () => entryEnvelope(post, members)),
      commentsHandler([aComment({ id: '1:Comment:4', description: 'Spam spam', attachedTo: post.id })], members),
      http.put(rest('BlogPost'), () => {
        sent.push('approve');
        post = { ...post, approved: true };
        return doneEnvelope();
      }),
      http.post(rest('BlogPost/feature'), () => {
        sent.push('feature');
        post = { ...post, featuredDate: '2011-06-26T10:00:00.000Z' };
        return doneEnvelope();
      }),
      http.delete(rest('Comment'), ({ request }) => {
        sent.push(`delete ${new URL(request.url).searchParams.get('id')}`);
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/blog/1%3ABlogPost%3A1');
    const article = await screen.findByRole('article');
    expect(within(article).getByText('Awaiting approval')).toBeTruthy();
    await user.click(within(article).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(article).queryByText('Awaiting approval')).toBeNull());
    await user.click(within(article).getByRole('button', { name: 'Feature' }));
    expect(await within(article).findByRole('button', { name: 'Unfeature' })).toBeTruthy();

    const comments = screen.getByRole('region', { name: 'Comments' });
    await user.click(within(comments).getByRole('button', { name: 'Delete comment by Grace Hopper' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(sent).toEqual(['approve', 'feature', 'delete 1:Comment:4']));
  });
});

describe('administrators on a photo', () => {
  it('reject a held photo after asking, and are taken to the gallery', async () => {
    const photo = aPhoto({ approved: false, title: 'Blurry harbour' });
    let photos = [photo];
    const rejected: string[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(photos.length)),
      http.get(rest('Photo'), () => (photos.length ? entryEnvelope(photo, imageResources([photo]) as unknown as Resources) : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'gone' }))),
      http.get(rest('Photo/recent'), () => listingEnvelope([])),
      commentsHandler(),
      http.delete(rest('Photo'), ({ request }) => {
        rejected.push(new URL(request.url).searchParams.get('id')!);
        photos = [];
        return doneEnvelope();
      }),
    );
    const { user, router } = renderRoute('/n/apiexample/photos/1%3APhoto%3A1');
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject this photo?' })).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/n/apiexample/photos'));
    expect(rejected).toEqual(['1:Photo:1']);
  });
});

describe('administrators on the activity feed', () => {
  it('remove an event after asking; members get no such control', async () => {
    const event = anActivityEvent();
    let events = [event];
    const removed: string[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('Activity/recent'), () => listingEnvelope(events, { resources: members })),
      http.delete(rest('Activity'), ({ request }) => {
        removed.push(new URL(request.url).searchParams.get('id')!);
        events = [];
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/activity');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this event from the activity feed?' })).getByRole('button', { name: 'Remove event' }));
    expect(await screen.findByText('Nothing has happened here yet.')).toBeTruthy();
    expect(removed).toEqual([event.id]);

    server.use(sessionHandler(plain), http.get(rest('Activity/recent'), () => listingEnvelope([event], { resources: members })));
    renderRoute('/n/apiexample/activity');
    expect(await screen.findAllByText(/Notes on the Analytical Engine/)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(0);
  });
});

describe('members', () => {
  const everyone: Member[] = [
    aMember('ada', { isOwner: true, isAdmin: true, state: 'owner', email: 'ada@example.com' }),
    aMember('babbage', { fullName: 'Charles Babbage', state: 'pending', approved: false, isMember: false, email: 'cb@example.com' }),
    aMember('grace', { email: 'grace@example.com' }),
    aMember('mallory', { fullName: 'Mallory Spam', email: 'm@example.com' }),
  ];

  function memberHandlers() {
    let list = [...everyone];
    const sent: string[] = [];
    return {
      sent,
      handlers: [
        http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(1)),
        http.get(rest('User/search'), ({ request }) => {
          const search = new URL(request.url).searchParams;
          const states = search.getAll('state');
          const q = (search.get('q') ?? '').toLowerCase();
          return listingEnvelope(
            list.filter((m) => (states.length === 0 || states.includes(m.state)) && (!q || `${m.fullName} ${m.email} ${m.author}`.toLowerCase().includes(q))),
          );
        }),
        http.put(rest('User'), async ({ request }) => {
          const id = new URL(request.url).searchParams.get('id')!;
          const form = new URLSearchParams(await request.text());
          sent.push(`${id} ${form.toString()}`);
          list = list.map((m) =>
            m.id !== id
              ? m
              : {
                  ...m,
                  ...(form.get('approved') === 'true' && { state: 'active' as const, approved: true }),
                  ...(form.get('isBlocked') === 'true' && { state: 'blocked' as const, isBlocked: true }),
                  ...(form.get('isBlocked') === 'false' && { state: 'active' as const, isBlocked: false }),
                  ...(form.has('isAdmin') && { isAdmin: form.get('isAdmin') === 'true' }),
                },
          );
          return doneEnvelope();
        }),
        http.delete(rest('User'), ({ request }) => {
          const id = new URL(request.url).searchParams.get('id')!;
          sent.push(`remove ${id}`);
          list = list.filter((m) => m.id !== id);
          return doneEnvelope();
        }),
      ],
    };
  }

  it('an administrator approves a pending member, blocks and unblocks one, removes one after asking; cannot make administrators', async () => {
    const { handlers, sent } = memberHandlers();
    server.use(sessionHandler(admin), ...handlers);
    const { user } = renderRoute('/n/apiexample/admin/members');

    const row = async (name: string) => (await screen.findByText(name)).closest('li')!;
    expect(within(await row('Charles Babbage')).getByText('Awaiting approval')).toBeTruthy();
    expect(within(await row('Ada Lovelace')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make administrator' })).toBeNull();

    await user.click(within(await row('Charles Babbage')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Charles Babbage is a member now.')).toBeTruthy();

    await user.click(within(await row('Mallory Spam')).getByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Block this member?' })).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Mallory Spam is blocked.')).toBeTruthy();
    await waitFor(async () => expect(within(await row('Mallory Spam')).getByText('Blocked')).toBeTruthy());
    await user.click(within(await row('Mallory Spam')).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Mallory Spam is unblocked.')).toBeTruthy();

    await user.click(within(await row('Mallory Spam')).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this member?' })).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByText('Mallory Spam')).toBeNull());
    expect(sent).toEqual([
      '1:User:babbage approved=true',
      '1:User:mallory isBlocked=true',
      '1:User:mallory isBlocked=false',
      'remove 1:User:mallory',
    ]);
  });

  it('the Network Creator makes a member an administrator after asking, and lists only those awaiting approval', async () => {
    const { handlers, sent } = memberHandlers();
    server.use(sessionHandler(owner), ...handlers);
    const { user } = renderRoute('/n/apiexample/admin/members');
    const grace = (await screen.findByText('Grace Hopper')).closest('li')!;
    await user.click(within(grace).getByRole('button', { name: 'Make administrator' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make this member an administrator?' })).getByRole('button', { name: 'Make administrator' }));
    expect(await screen.findByText('Grace Hopper is an administrator now.')).toBeTruthy();
    expect(sent).toEqual(['1:User:grace isAdmin=true']);
    await waitFor(() => expect(within(screen.getByText('Grace Hopper').closest('li')!).getByText('Administrator')).toBeTruthy());

    await user.selectOptions(screen.getByLabelText('Show'), 'Awaiting approval');
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    expect(await screen.findByText('Charles Babbage')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Show'), 'Everyone');
    await user.type(screen.getByLabelText('Find a member'), 'spam');
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    expect(await screen.findByText('Mallory Spam')).toBeTruthy();
  });
});

describe('featured', () => {
  it('lists what is featured by type and unfeatures', async () => {
    let posts = [aBlogPost({ id: '1:BlogPost:5', title: 'An old favourite', featuredDate: '2011-06-26T10:00:00.000Z' })];
    const unfeatured: string[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('BlogPost/featured'), () => listingEnvelope(posts.map(({ id, author, featuredDate, title, url }) => ({ id, author, featuredDate, title, url })), { resources: members })),
      http.get(rest('Comment/featured'), () => listingEnvelope([])),
      http.get(rest('Topic/featured'), () => listingEnvelope([])),
      http.get(rest('Video/featured'), () => listingEnvelope([])),
      http.delete(rest('BlogPost/feature'), ({ request }) => {
        unfeatured.push(new URL(request.url).searchParams.get('id')!);
        posts = [];
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/admin/featured');
    const section = await screen.findByRole('region', { name: 'Blog posts' });
    expect(await within(section).findByRole('link', { name: 'An old favourite' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Unfeature' }));
    expect(await within(section).findByText('Nothing featured.')).toBeTruthy();
    expect(unfeatured).toEqual(['1:BlogPost:5']);
  });
});

describe('broadcasts', () => {
  it('sends a message to every member after asking, once, and lists it with those sent before', async () => {
    const sent: URLSearchParams[] = [];
    let list = [{ id: '1:BroadcastMessage:1', author: 'ada', createdDate: '2011-06-20T10:00:00.000Z', subject: 'Welcome', body: '<p>Hello all</p>' }];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('BroadcastMessage/recent'), () => listingEnvelope(list, { resources: members })),
      http.post(rest('BroadcastMessage'), async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        sent.push(form);
        list = [{ id: '1:BroadcastMessage:2', author: 'grace', createdDate: '2011-06-27T10:00:00.000Z', subject: form.get('subject')!, body: form.get('body')! }, ...list];
        return createdEnvelope('1:BroadcastMessage:2');
      }),
    );
    const { user } = renderRoute('/n/apiexample/admin/broadcasts');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    await user.type(screen.getByLabelText('Subject'), 'Meet-up on Friday');
    await user.type(screen.getByLabelText('Message'), 'At the museum <3pm>.{enter}{enter}Bring a friend.');
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send this broadcast to every member?' })).getByRole('button', { name: 'Send broadcast' }));
    expect(await screen.findByText('“Meet-up on Friday” was sent to every member.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Meet-up on Friday' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('body')).toBe('<p>At the museum &lt;3pm&gt;.</p><p>Bring a friend.</p>');
    expect(sent[0]!.get('messageId')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('network settings', () => {
  it('the Network Creator turns post moderation on and renames the network; only the changes are sent', async () => {
    let network = aNetwork();
    const sent: URLSearchParams[] = [];
    server.use(
      sessionHandler(owner),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('Network'), () => entryEnvelope(network)),
      http.put(rest('Network'), async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        sent.push(form);
        network = { ...network, name: form.get('name') ?? network.name, blogPostModeration: form.get('blogPostModeration') === 'true' };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/admin/settings');
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Analytical Engineers');
    await user.clear(name);
    await user.type(name, 'Difference Engineers');
    await user.click(screen.getByRole('checkbox', { name: /Blog posts/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeTruthy();
    expect(Object.fromEntries(sent[0]!)).toEqual({ name: 'Difference Engineers', blogPostModeration: 'true' });
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Difference Engineers'));
  });

  it('an administrator who is not the Network Creator is told the settings are not theirs', async () => {
    server.use(sessionHandler(admin), http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)));
    renderRoute('/n/apiexample/admin/settings');
    expect(await screen.findByText(/Only the Network Creator changes the network’s settings/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Network settings' })).toBeNull();
  });
});

describe('the audit log', () => {
  const entries = [
    {
      id: '1:AuditEntry:2',
      author: 'grace',
      action: 'approve' as const,
      itemType: 'BlogPost' as const,
      item: '1:BlogPost:7',
      title: 'Held post',
      detail: null,
      address: '203.0.113.9',
      createdDate: '2011-06-26T10:00:00.000Z',
    },
    {
      id: '1:AuditEntry:1',
      author: 'ada',
      action: 'update' as const,
      itemType: 'Network' as const,
      item: '1',
      title: 'Analytical Engineers',
      detail: { blogPostModeration: true },
      address: '198.51.100.4',
      createdDate: '2011-06-25T10:00:00.000Z',
    },
  ];

  it('says who did what to which item, when and from where, and filters through the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('AuditLog/list'), ({ request }) => {
        const search = new URL(request.url).searchParams;
        asked.push(search);
        const actor = search.get('actor');
        const action = search.get('action');
        return listingEnvelope(
          entries.filter((e) => (!actor || e.author === actor) && (!action || e.action === action)),
          { resources: members },
        );
      }),
    );
    const { user, router } = renderRoute('/n/apiexample/admin/audit');
    const first = await screen.findByText((_, node) => node?.textContent === 'Grace Hopper approved blog post “Held post”');
    expect(first).toBeTruthy();
    expect(screen.getByRole('link', { name: 'blog post “Held post”' }).getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A7');
    expect(screen.getByText('from 203.0.113.9')).toBeTruthy();
    expect(screen.getByText('blogPostModeration: true')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Who'), 'Ada Lovelace');
    await waitFor(() => expect(screen.queryByText('from 203.0.113.9')).toBeNull());
    expect(router.state.location.search).toBe('?actor=ada');
    await user.type(screen.getByLabelText('Until'), '2011-06-30');
    await waitFor(() => expect(asked.at(-1)!.get('createdBefore')).toBe('2011-07-01'));
    expect(asked.at(-1)!.get('actor')).toBe('ada');
  });

  it('says so in plain words when the filters do not fit', async () => {
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('AuditLog/list'), () => errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "'createdAfter' must not be later than 'createdBefore'." })),
    );
    renderRoute('/n/apiexample/admin/audit?from=2011-07-01&to=2011-06-01');
    expect(await screen.findByText(/Those filters do not fit together: check the dates/)).toBeTruthy();
    expect(screen.queryByText(/createdAfter/)).toBeNull();
  });
});

describe('API keys', () => {
  it('the Network Creator creates a key, sees its secret once, lists it with its last use and revokes one after asking', async () => {
    let keys = [{ id: '1:ConsumerKey:1', name: 'Old app', consumerKey: 'ck-old', createdDate: '2011-06-20T10:00:00.000Z', lastUsedDate: '2011-06-21T10:00:00.000Z' as string | null }];
    server.use(
      sessionHandler(owner),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('ConsumerKey'), () => Response.json({ success: true, entry: keys })),
      http.post(rest('ConsumerKey'), async ({ request }) => {
        const name = new URLSearchParams(await request.text()).get('name')!;
        const key = { id: '1:ConsumerKey:2', name, consumerKey: 'ck-new', createdDate: '2011-06-25T10:00:00.000Z', lastUsedDate: null };
        keys = [key, ...keys];
        return Response.json({ success: true, entry: { ...key, consumerSecret: 'cs-secret-value' } });
      }),
      http.delete(rest('ConsumerKey'), ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        keys = keys.filter((key) => key.id !== id);
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/admin/keys');
    expect(await screen.findByText('Old app')).toBeTruthy();
    expect(screen.getByText(/Last used/)).toBeTruthy();
    await user.type(screen.getByLabelText('Application name'), 'Mobile app');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Consumer secret')).value).toBe('cs-secret-value');
    expect(screen.getByLabelText<HTMLInputElement>('Consumer key').value).toBe('ck-new');
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    expect(await screen.findByText('Never used')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Consumer secret')).toBeNull();

    const old = screen.getByText('Old app').closest('li')!;
    await user.click(within(old).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByText('Old app')).toBeNull());
    expect(screen.getByText('Mobile app')).toBeTruthy();
  });

  it('an administrator who is not the Network Creator is told the keys are not theirs', async () => {
    server.use(sessionHandler(admin), http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)));
    renderRoute('/n/apiexample/admin/keys');
    expect(await screen.findByText(/Only the Network Creator manages API keys/)).toBeTruthy();
  });
});

describe('administrators on a member’s profile', () => {
  function profileHandlers(member: Member, sent: string[]) {
    let current = member;
    return [
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)),
      http.get(rest('User'), () => entryEnvelope(current)),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
      http.get(rest('Photo/recent'), () => listingEnvelope([])),
      http.get(rest('Friend/recent'), () => listingEnvelope([])),
      http.get(rest('Friend/alpha'), () => listingEnvelope([])),
      http.put(rest('User'), async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        sent.push(form.toString());
        if (form.get('isBlocked') === 'true') current = { ...current, state: 'blocked', isBlocked: true };
        return doneEnvelope();
      }),
      http.post(rest('User/feature'), () => {
        sent.push('feature');
        current = { ...current, featuredDate: '2011-06-26T10:00:00.000Z' };
        return doneEnvelope();
      }),
    ];
  }

  it('feature a member and block them after asking; a plain member sees neither', async () => {
    const sent: string[] = [];
    server.use(sessionHandler(admin), ...profileHandlers(aMember('mallory', { fullName: 'Mallory Spam' }), sent));
    const { user } = renderRoute('/n/apiexample/members/mallory');
    const controls = await screen.findByRole('group', { name: 'Administrator actions' });
    await user.click(within(controls).getByRole('button', { name: 'Feature' }));
    expect(await within(controls).findByRole('button', { name: 'Unfeature' })).toBeTruthy();
    await user.click(within(controls).getByRole('button', { name: 'Block' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Block this member?' })).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(sent[0]).toBe('feature');
    expect(sent[1]).toContain('isBlocked=true');
    expect(screen.queryByRole('button', { name: 'Make administrator' })).toBeNull();
  });

  it('shows a plain member no administrative controls', async () => {
    server.use(sessionHandler(plain), ...profileHandlers(aMember('mallory', { fullName: 'Mallory Spam' }), []));
    renderRoute('/n/apiexample/members/mallory');
    expect(await screen.findByRole('heading', { name: 'Mallory Spam' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Administrator actions' })).toBeNull();
    for (const name of ['Feature', 'Make administrator', 'Remove', 'Approve']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

/** The dashboard's five figures, each read with `GET …/count`. */
type Figure = 'waiting' | 'members' | 'pending' | 'posts' | 'photos';

/**
 * Handlers for the dashboard's five counts, answering `figures` (0 for those not given);
 * the count named `failing` answers with a server error for as long as `fails` says so.
 */
function dashboardCounts({
  figures = {},
  failing,
  fails = () => true,
}: { figures?: Partial<Record<Figure, number>>; failing?: Figure; fails?: () => boolean } = {}) {
  const reply = (figure: Figure) =>
    figure === failing && fails()
      ? errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error.' })
      : entryEnvelopeless(figures[figure] ?? 0);
  return [
    http.get(rest('ModerationQueue/count'), () => reply('waiting')),
    http.get(rest('User/count'), ({ request }) => reply(new URL(request.url).searchParams.get('approved') === 'false' ? 'pending' : 'members')),
    http.get(rest('BlogPost/count'), ({ request }) => {
      // The service requires createdAfter and refuses one more than a week old.
      const after = Date.parse(new URL(request.url).searchParams.get('createdAfter') ?? '');
      return Date.now() - after <= 7 * 86_400_000
        ? reply('posts')
        : errorEnvelope({ status: 400, code: 4, subcode: 5, reason: "'createdAfter' may be at most one week in the past." });
    }),
    http.get(rest('Photo/count'), () => reply('photos')),
  ];
}

describe('the dashboard', () => {
  it('shows the waiting count, the network’s size, and per-day charts of the last 30 days with their tables, from GET Dashboard', async () => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
      members: i === 26 ? 1 : 0,
      posts: i === 29 ? 2 : i === 10 ? 1 : 0,
      comments: i === 29 ? 4 : 0,
      photos: i === 27 ? 1 : 0,
    }));
    let dashboardReads = 0;
    server.use(
      sessionHandler(admin),
      ...dashboardCounts({ figures: { waiting: 3, members: 12, pending: 1, posts: 40, photos: 7 } }),
      http.get(rest('Dashboard'), () => {
        dashboardReads += 1;
        return bareEntryEnvelope({
          days,
          topTags: [
            { value: 'engines', count: 5 },
            { value: 'looms', count: 2 },
          ],
          activeMembers: [
            { author: 'ada', fullName: 'Ada Lovelace', iconUrl: 'http://localhost/icons/ada.png', url: 'http://localhost/n/apiexample/members/ada', count: 6 },
            { author: 'grace', fullName: 'Grace Hopper', iconUrl: 'http://localhost/icons/grace.png', url: 'http://localhost/n/apiexample/members/grace', count: 2 },
          ],
          waiting: 3,
        });
      }),
    );
    renderRoute('/n/apiexample/admin');
    const stat = (label: string) =>
      within(document.querySelector<HTMLElement>('.stats')!).getByRole('link', { name: label }).closest('.stat')!.querySelector('dd')!.textContent;
    await waitFor(() => expect(stat('Waiting for approval')).toBe('3'));
    await waitFor(() => expect(stat('Members')).toBe('12'));
    await waitFor(() => expect(document.querySelectorAll('.stat dd')[3]!.textContent).toBe('40'));

    const posts = await screen.findByRole('figure', { name: /Posts per day/ });
    expect(within(posts).getByText('· 3 in all')).toBeTruthy();
    expect(within(screen.getByRole('figure', { name: /New members per day/ })).getByText('· 1 in all')).toBeTruthy();
    expect(within(screen.getByRole('figure', { name: /Comments per day/ })).getByText('· 4 in all')).toBeTruthy();
    expect(within(screen.getByRole('figure', { name: /Photos per day/ })).getByText('· 1 in all')).toBeTruthy();
    const rows = within(posts).getAllByRole('row');
    expect(rows).toHaveLength(31);
    // Days are the service's UTC days, oldest first.
    expect(within(rows[30]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date('2026-11-30T00:00:00Z')),
      '2',
    ]);
    const active = screen.getByRole('figure', { name: 'Most active members' });
    expect(within(active).getByRole('cell', { name: 'Ada Lovelace' }).nextElementSibling!.textContent).toBe('6');
    expect(within(active).getByRole('cell', { name: 'Grace Hopper' }).nextElementSibling!.textContent).toBe('2');
    const tags = screen.getByRole('figure', { name: 'Most used tags' });
    expect(within(tags).getByRole('cell', { name: 'engines' }).nextElementSibling!.textContent).toBe('5');
    // The route's loader and the page share one read.
    expect(dashboardReads).toBe(1);
  });

  it('says in plain words when the figures cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    server.use(
      sessionHandler(admin),
      ...dashboardCounts(),
      http.get(rest('Dashboard'), () =>
        fail
          ? errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error.' })
          : bareEntryEnvelope({
              days: Array.from({ length: 30 }, (_, i) => ({
                date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
                members: 0,
                posts: 0,
                comments: 0,
                photos: 0,
              })),
              topTags: [],
              activeMembers: [],
              waiting: 0,
            }),
      ),
    );
    const { user } = renderRoute('/n/apiexample/admin');
    expect(await screen.findByText('The figures of the last days could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('Internal error.')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Nobody posted in these days.')).toBeTruthy();
    expect(screen.getByText('No tags are used yet.')).toBeTruthy();
  });

  it('says a figure could not be counted, in words rather than as the figure, and counts it again on request', async () => {
    let fail = true;
    server.use(
      sessionHandler(admin),
      ...dashboardCounts({ figures: { photos: 4 }, failing: 'photos', fails: () => fail }),
      http.get(rest('Dashboard'), () => errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error.' })),
    );
    const { user } = renderRoute('/n/apiexample/admin');
    const stats = await screen.findByText('Blog posts this week');
    const photos = within(stats.closest('dl')!).getByText('Photos').closest('.stat') as HTMLElement;
    await waitFor(() => expect(photos.textContent).toContain('Could not be counted.'));
    fail = false;
    await user.click(within(photos).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(photos).getByRole('definition').textContent).toBe('4'));
  });
});

describe('administrators on a video', () => {
  it('approve a held video where it is shown, then feature it', async () => {
    const id = '1:Video:9';
    let video = {
      id,
      author: 'ada',
      createdDate: '2011-06-23T18:34:22.123Z',
      updatedDate: '2011-06-23T18:34:22.123Z',
      featuredDate: null as string | null,
      title: 'The engine turning',
      description: '<p>Filmed at the museum.</p>',
      url: `http://localhost/n/apiexample/videos/${encodeURIComponent(id)}`,
      sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      visibility: 'all' as const,
      approved: false,
      commentCount: 0,
      tags: [],
      conversionStatus: 'complete' as const,
      duration: null,
      embedCode: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>',
      previewFrame: null,
      videoAttachmentUrl: null,
      videoSizeInBytes: null,
    };
    const sent: string[] = [];
    server.use(
      sessionHandler(admin),
      http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(video.approved ? 0 : 1)),
      http.get(rest('Video'), () => entryEnvelope(video, members)),
      commentsHandler(),
      http.put(rest('Video'), () => {
        sent.push('approve');
        video = { ...video, approved: true };
        return doneEnvelope();
      }),
      http.post(rest('Video/feature'), () => {
        sent.push('feature');
        video = { ...video, featuredDate: '2011-06-26T10:00:00.000Z' };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(`/n/apiexample/videos/${encodeURIComponent(id)}`);
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Feature' }));
    expect(await screen.findByRole('button', { name: 'Unfeature' })).toBeTruthy();
    expect(sent).toEqual(['approve', 'feature']);
  });
});

describe('the administrators’ tabs', () => {
  it('stay one strip of links, and bring the open page’s tab into view where they do not all fit', async () => {
    // jsdom lays nothing out: a strip 300 px wide whose open tab (100 px) starts 700 px in.
    const box = (left: number) => ({ left, right: left, top: 0, bottom: 0, x: left, y: 0, width: 0, height: 0, toJSON: () => ({}) });
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return box(this.getAttribute('aria-current') === 'page' ? 700 : 0);
    });
    const widths = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('admin-tabs') ? 300 : 0;
    });
    const tabWidths = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    try {
      server.use(sessionHandler(owner), http.get(rest('ModerationQueue/count'), () => entryEnvelopeless(0)), http.get(rest('ConsumerKey'), () => Response.json({ success: true, entry: [] })));
      renderRoute('/n/apiexample/admin/keys');
      const strip = await screen.findByRole('navigation', { name: 'Administration' });
      const tabs = within(strip).getAllByRole('link');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Dashboard',
        'Moderation queue ',
        'Members',
        'Featured',
        'Broadcasts',
        'Audit log',
        'Network settings',
        'API keys',
      ]);
      expect(within(strip).getByRole('link', { current: 'page' }).textContent).toBe('API keys');
      // The tab whole, with a little of the one before it.
      await waitFor(() => expect(strip.scrollLeft).toBe(676));
    } finally {
      rects.mockRestore();
      widths.mockRestore();
      tabWidths.mockRestore();
    }
  });
});

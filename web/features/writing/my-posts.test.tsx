// "My posts": the writer's drafts, scheduled and published posts, one tab each.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aBlogPost, aSession } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const grace = aSession();
const posts = [
  aBlogPost({ id: '1:BlogPost:3', author: 'grace', title: 'Still thinking', publishStatus: 'draft' }),
  aBlogPost({ id: '1:BlogPost:2', author: 'grace', title: 'Out on Monday', publishStatus: 'queued', publishTime: '2031-05-05T07:00:00.000Z' }),
  aBlogPost({ id: '1:BlogPost:1', author: 'grace', title: 'Hello, world', publishStatus: 'publish', commentCount: 2 }),
];

/** The service's recent listing, filtered by author and state as the web app asks. */
const myPostsHandler = http.get(rest('BlogPost/recent'), ({ request }) => {
  const search = new URL(request.url).searchParams;
  const fields = (search.get('fields') ?? '').split(',');
  const listed = posts
    .filter((post) => post.author === search.get('author') && post.publishStatus === search.get('publishStatus'))
    .map((post) => Object.fromEntries(Object.entries(post).filter(([key]) => fields.includes(key))));
  return listingEnvelope(listed);
});

function rows() {
  return within(within(screen.getByRole('main')).getByRole('list')).getAllByRole('listitem');
}

describe('my posts', () => {
  it('lists drafts first, then scheduled and published posts, each with a way to edit', async () => {
    server.use(sessionHandler(grace), myPostsHandler);
    const { user, router } = renderRoute('/n/apiexample/my/posts');

    const tabs = within(await screen.findByRole('navigation', { name: 'My posts' }));
    expect(tabs.getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('link', { name: 'Still thinking' })).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Edit “Still thinking”' }).getAttribute('href')).toBe(
      '/n/apiexample/blog/1%3ABlogPost%3A3/edit',
    );

    await user.click(tabs.getByRole('link', { name: 'Scheduled' }));
    expect(await screen.findByRole('link', { name: 'Out on Monday' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('Goes out');
    expect(router.state.location.search).toBe('?tab=scheduled');

    await user.click(tabs.getByRole('link', { name: 'Published' }));
    expect(await screen.findByRole('link', { name: 'Hello, world' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('2 comments');
  });

  it('invites the writer to write when a tab is empty', async () => {
    server.use(sessionHandler(aSession({ author: 'newcomer' })), myPostsHandler);
    renderRoute('/n/apiexample/my/posts?tab=published');

    expect(await screen.findByText('You have not published a post yet.')).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Write a post' }).getAttribute('href')).toBe('/n/apiexample/write');
  });
});

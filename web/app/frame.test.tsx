// The frame every page shares: the network's name, the sections, the account corner that
// makes the member's state clear, the start page, and the pages for addresses that lead nowhere.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { aBlogPost, aNetwork, aSession, members } from '../test/fixtures';
import { renderRoute } from '../test/render-route';
import { entryEnvelope, errorEnvelope, listingEnvelope, networkHandler, rest, sessionHandler } from '../test/rest-handlers';
import { server } from '../test/server';

const noPosts = http.get(rest('BlogPost/recent'), () => listingEnvelope([]));

function setDefaultNetwork(name: string) {
  const meta = document.createElement('meta');
  meta.name = 'default-network';
  meta.content = name;
  document.head.append(meta);
}

/** The page's header, once the frame has replaced what shows while the first page loads. */
async function theHeader() {
  await screen.findByRole('navigation', { name: 'Main' });
  return within(screen.getByRole('banner'));
}

afterEach(() => document.head.querySelector('meta[name="default-network"]')?.remove());

describe('the start page', () => {
  it('opens the network the server names as the default', async () => {
    setDefaultNetwork('gardeners');
    server.use(sessionHandler(null), noPosts, networkHandler(aNetwork({ subdomain: 'gardeners', name: 'Gardeners' })));
    const { router } = renderRoute('/');

    expect(await screen.findByRole('link', { name: 'Gardeners' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/gardeners');
  });

  it('asks which network to open when the server names none', async () => {
    server.use(sessionHandler(null), noPosts);
    const { user, router } = renderRoute('/');

    await user.type(await screen.findByLabelText('Network name'), 'apiexample');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('link', { name: 'Analytical Engineers' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample');
  });
});

describe('the header', () => {
  it('shows the network’s name and its sections, marking the current one', async () => {
    server.use(sessionHandler(null), noPosts);
    renderRoute('/n/apiexample/blog');

    const header = await theHeader();
    expect(await header.findByRole('link', { name: 'Analytical Engineers' })).toBeTruthy();
    const nav = within(header.getByRole('navigation', { name: 'Main' }));
    const sections = nav.getAllByRole('link').map((link) => link.textContent);
    expect(sections).toEqual(['Home', 'Blog', 'Photos', 'Members', 'Forum', 'Videos', 'Activity', 'Search']);
    expect(nav.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(await header.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(header.queryByRole('link', { name: 'Write a post' })).toBeNull();
  });

  it('keeps the name’s place with a bar of its shape while the network’s details load, heard by the name in the address', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      sessionHandler(null),
      noPosts,
      http.get(rest('Network'), async () => {
        await answered;
        return entryEnvelope(aNetwork());
      }),
    );
    renderRoute('/n/apiexample/blog');

    const header = await theHeader();
    const home = header.getByRole('link', { name: 'apiexample' });
    expect(home.className).toBe('site-name');
    expect(home.querySelector('.site-name-placeholder[aria-hidden="true"]')).toBeTruthy();
    answer();
    expect(await header.findByRole('link', { name: 'Analytical Engineers' })).toBe(home);
    expect(home.querySelector('.site-name-placeholder')).toBeNull();
  });

  it('has a menu button that shows and hides the sections on small screens', async () => {
    server.use(sessionHandler(null), noPosts);
    const { user } = renderRoute('/n/apiexample');

    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.className).toContain('open');
  });

  it('offers an active member “Write a post” and their account menu, which Escape closes', async () => {
    server.use(sessionHandler(aSession()), noPosts);
    const { user } = renderRoute('/n/apiexample');

    const header = await theHeader();
    expect((await header.findByRole('link', { name: 'Write a post' })).getAttribute('href')).toBe('/n/apiexample/write');
    const account = header.getByRole('button', { name: 'Grace Hopper' });
    expect(header.queryByRole('link', { name: 'My posts' })).toBeNull();

    await user.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    expect(header.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/n/apiexample/members/grace');
    expect(header.getByRole('link', { name: 'My posts' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'Profile settings' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'Access tokens' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(header.queryByRole('link', { name: 'My posts' })).toBeNull();
    expect(document.activeElement).toBe(account);
    expect(header.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('tells a pending member they await approval and offers them no forms they cannot use', async () => {
    const postId = '1:BlogPost:1';
    server.use(
      sessionHandler(aSession({ state: 'pending', csrfToken: 'csrf-pending' })),
      http.get(rest('BlogPost'), () => entryEnvelope(aBlogPost({ id: postId }), members)),
      http.get(rest('Comment/recent'), () => listingEnvelope([])),
    );
    renderRoute(`/n/apiexample/blog/${encodeURIComponent(postId)}`);

    const header = await theHeader();
    expect(await header.findByText('Awaiting approval')).toBeTruthy();
    expect(header.queryByRole('link', { name: 'Write a post' })).toBeNull();
    expect(await screen.findByText('You can comment once an administrator approves your membership.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('gives administrators their place in the navigation', async () => {
    server.use(sessionHandler(aSession({ isAdmin: true })), noPosts);
    renderRoute('/n/apiexample');

    const nav = within((await theHeader()).getByRole('navigation', { name: 'Main' }));
    expect((await nav.findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/n/apiexample/admin');
  });
});

describe('addresses that lead nowhere', () => {
  it('say when the network does not exist', async () => {
    server.use(
      sessionHandler(null),
      noPosts,
      http.get(rest('Network'), () => errorEnvelope({ status: 404, code: 3, subcode: 2, reason: 'No network nosuch' })),
    );
    renderRoute('/n/nosuch');

    expect(await screen.findByRole('heading', { level: 1, name: 'Network not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('say when there is no such page, inside the frame', async () => {
    server.use(sessionHandler(null));
    renderRoute('/n/apiexample/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the front page' }).getAttribute('href')).toBe('/n/apiexample');
    expect(await screen.findByRole('link', { name: 'Analytical Engineers' })).toBeTruthy();
  });
});

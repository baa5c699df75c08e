// Signing in, up and out through the web app's forms and header.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../lib/api-types';
import { aSession } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  createdEnvelope,
  doneEnvelope,
  errorEnvelope,
  listingEnvelope,
  rest,
  bareEntryEnvelope,
} from '../../test/rest-handlers';
import { server } from '../../test/server';

const grace = aSession();
const password = 'correct horse battery staple';

/** A service with one member, Grace, remembering who is signed in. */
function serviceWithGrace(signedIn: SessionEntry | null, { moderated = false } = {}) {
  let current = signedIn;
  return [
    http.get(rest('Session'), () => bareEntryEnvelope(current)),
    http.post(rest('Session'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (form.get('email') !== grace.email || form.get('password') !== password) {
        return errorEnvelope({ status: 401, code: 1, subcode: 5, reason: 'Wrong email or password' });
      }
      current = grace;
      return bareEntryEnvelope(current);
    }),
    http.delete(rest('Session'), ({ request }) => {
      if (request.headers.get('X-CSRF-Token') !== current?.csrfToken) {
        return errorEnvelope({ status: 403, code: 2, subcode: 1, reason: 'Missing CSRF token' });
      }
      current = null;
      return doneEnvelope();
    }),
    http.post(rest('User'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (form.get('email') === grace.email) {
        return errorEnvelope({ status: 409, code: 6, subcode: 1, reason: 'Email already taken' });
      }
      current = aSession({
        author: 'alan',
        fullName: form.get('fullName') ?? '',
        email: form.get('email') ?? '',
        csrfToken: 'csrf-alan',
        state: moderated ? 'pending' : 'active',
      });
      return createdEnvelope('1:User:2');
    }),
  ];
}

describe('the session', () => {
  beforeEach(() => {
    server.use(http.get(rest('BlogPost/recent'), () => listingEnvelope([])));
  });

  it('signs a member in from the header and brings them back', async () => {
    server.use(...serviceWithGrace(null));
    const { user, router } = renderRoute('/n/apiexample');

    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Email'), grace.email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Grace Hopper' })).toBeTruthy();
    // The header knows the member one render before the sign-in page hands over to the next one.
    expect(await screen.findByRole('heading', { level: 2, name: 'Recent blog posts' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample');
  });

  it('says when the email and password do not match', async () => {
    server.use(...serviceWithGrace(null));
    const { user } = renderRoute('/n/apiexample/signin');

    await user.type(await screen.findByLabelText('Email'), grace.email);
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'That email and password do not match a member of this network.',
    );
  });

  it('signs a member out', async () => {
    server.use(...serviceWithGrace(grace));
    const { user } = renderRoute('/n/apiexample');

    await user.click(await screen.findByRole('button', { name: 'Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grace Hopper' })).toBeNull();
  });

  it('signs a new member up and in', async () => {
    server.use(...serviceWithGrace(null));
    const { user, router } = renderRoute(`/n/apiexample/signup?next=${encodeURIComponent('/n/apiexample/blog?tag=engines')}`);

    await user.type(await screen.findByLabelText('Full name'), 'Alan Turing');
    await user.type(screen.getByLabelText('Email'), 'alan@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('button', { name: 'Alan Turing' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/n/apiexample/blog?tag=engines');
  });

  it('sends someone whose email is taken to sign in instead', async () => {
    server.use(...serviceWithGrace(null));
    const { user } = renderRoute('/n/apiexample/signup');

    await user.type(await screen.findByLabelText('Full name'), 'Grace Again');
    await user.type(screen.getByLabelText('Email'), grace.email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect((await screen.findByRole('alert')).textContent).toContain('A member with that email already exists.');
  });

  it('says how long a new password must be, and asks for a longer one before sending it', async () => {
    server.use(...serviceWithGrace(null));
    const { user } = renderRoute('/n/apiexample/signup');

    await user.type(await screen.findByLabelText('Full name'), 'Alan Turing');
    await user.type(screen.getByLabelText('Email'), 'alan@example.com');
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-describedby') && document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('At least 8 characters.');
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Choose a password of at least 8 characters.');
    expect(screen.queryByRole('button', { name: 'Alan Turing' })).toBeNull();
  });

  it('welcomes a new member, and tells one who joined a moderated network that they await approval', async () => {
    server.use(...serviceWithGrace(null, { moderated: true }));
    const { user } = renderRoute('/n/apiexample/signup');

    await user.type(await screen.findByLabelText('Full name'), 'Alan Turing');
    await user.type(screen.getByLabelText('Email'), 'alan@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText(/An administrator will look at your membership soon/)).toBeTruthy();
    const header = within(screen.getByRole('banner'));
    expect(header.getByText('Awaiting approval')).toBeTruthy();
    expect(header.queryByRole('link', { name: 'Write a post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    // Dismissing is a navigation, which waits for the page's loaders.
    await waitFor(() => expect(screen.queryByText(/An administrator will look at your membership soon/)).toBeNull());
  });
});

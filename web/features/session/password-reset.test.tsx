// A forgotten password: asking for a link from the sign-in page, and choosing a new password
// with the link's token, in plain words when the link is spent or the service says no.
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route';
import { doneEnvelope, errorEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const TOKEN = 'a-one-time-token';

/** The service's side: who asked for a link, and the one token it accepts, once. */
function resetService({ limited = false } = {}) {
  const asked: string[] = [];
  const chosen: string[] = [];
  let used = false;
  server.use(
    sessionHandler(null),
    http.post(rest('PasswordReset'), async ({ request }) => {
      if (limited) return errorEnvelope({ status: 503, code: 5, subcode: 1, reason: 'Too many password reset requests' });
      asked.push(new URLSearchParams(await request.text()).get('email') ?? '');
      return doneEnvelope();
    }),
    http.post(rest('PasswordReset/complete'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (form.get('token') !== TOKEN || used) {
        return errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'This password reset link is unknown, expired or already used.' });
      }
      if ((form.get('password') ?? '').length < 8) {
        return errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "Parameter 'password': must have at least 8 characters" });
      }
      used = true;
      chosen.push(form.get('password')!);
      return doneEnvelope();
    }),
  );
  return { asked, chosen };
}

describe('a forgotten password', () => {
  it('is asked for from the sign-in page, and the page says what happens next', async () => {
    const service = resetService();
    const { user, router } = renderRoute('/n/apiexample/signin');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('If grace@example.com belongs to a member of this network, a link to choose a new password is on its way');
    expect(status.textContent).toContain('works once, within an hour');
    expect(service.asked).toEqual(['grace@example.com']);

    await user.click(screen.getByRole('button', { name: 'ask again' }));
    expect(await screen.findByRole('button', { name: 'Send me a link' })).toBeTruthy();
  });

  it('says in plain words when too many links were asked for', async () => {
    resetService({ limited: true });
    const { user } = renderRoute('/n/apiexample/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You asked for links too many times in a short while. Wait a quarter of an hour, then try again.');
    expect(alert.textContent).not.toContain('Too many password reset requests');
  });
});

describe('choosing a new password', () => {
  it('sets it with the link and sends the member to sign in with it', async () => {
    const service = resetService();
    const { user, router } = renderRoute(`/n/apiexample/reset-password?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect(screen.getByText(/At least 8 characters/)).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a password of at least 8 characters.');
    expect(service.chosen).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a much longer password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Your password is changed. Sign in with the new one.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/signin');
    expect(service.chosen).toEqual(['a much longer password']);
  });

  it('tells the member when the link is spent, and offers a new one', async () => {
    resetService();
    const { user } = renderRoute('/n/apiexample/reset-password?token=an-old-token');

    await user.type(await screen.findByLabelText('New password'), 'a much longer password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired or was already used');
    expect(alert.textContent).not.toContain('unknown, expired');
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
  });

  it('explains the page when opened without a link', async () => {
    resetService();
    renderRoute('/n/apiexample/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('This page needs the link from the password reset mail.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

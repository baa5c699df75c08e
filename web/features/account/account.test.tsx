// A member's own settings: their profile, and personal access tokens.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aMember, aSession } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { bareEntryEnvelope, doneEnvelope, entryEnvelope, errorEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const grace = aSession();

describe('profile settings', () => {
  it('shows the profile, says the limits, and saves the changes', async () => {
    const saved: URLSearchParams[] = [];
    let me = aMember('grace', { statusMessage: 'Debugging', location: 'Arlington', birthdate: '1906-12-09T00:00:00.000Z', email: grace.email });
    server.use(
      sessionHandler(grace),
      http.get(rest('User'), ({ request }) => (new URL(request.url).search ? errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'x' }) : entryEnvelope(me))),
      http.put(rest('User'), async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        saved.push(form);
        me = { ...me, statusMessage: form.get('statusMessage') || null };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/settings/profile');

    const status = await screen.findByLabelText<HTMLTextAreaElement>('Status message');
    expect(status.value).toBe('Debugging');
    expect(screen.getByText('9 of 140 characters')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Birthday').value).toBe('1906-12-09');
    await user.clear(status);
    await user.type(status, 'Finding moths');
    await user.clear(screen.getByLabelText('Location'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    expect(saved[0]!.get('statusMessage')).toBe('Finding moths');
    expect(saved[0]!.get('location')).toBe('');
    expect(saved[0]!.get('fullName')).toBe('Grace Hopper');
  });

  it('sends a visitor to sign in', async () => {
    server.use(sessionHandler(null));
    renderRoute('/n/apiexample/settings/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });
});

describe('the profile picture', () => {
  it('shows initials, previews the chosen picture, uploads it and shows it in the header', async () => {
    const newIcon = 'http://localhost/xn/icons/1/2.webp';
    let session = aSession({ iconUrl: 'http://localhost/xn/static/default-user-icon.svg' });
    let me = aMember('grace', { email: grace.email, iconUrl: session.iconUrl });
    const received: { bytes: string; type: string; csrf: string | null }[] = [];
    server.use(
      http.get(rest('Session'), () => bareEntryEnvelope(session)),
      http.get(rest('User'), () => entryEnvelope(me)),
      http.post(rest('User/icon'), async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        received.push({ bytes: await file.text(), type: file.type, csrf: request.headers.get('X-CSRF-Token') });
        session = { ...session, iconUrl: newIcon };
        me = { ...me, iconUrl: newIcon };
        return bareEntryEnvelope({ iconUrl: newIcon });
      }),
    );
    const { user } = renderRoute('/n/apiexample/settings/profile');

    expect((await screen.findByRole('img', { name: 'Your initials, until you choose a picture' })).textContent).toBe('GH');
    const picker = screen.getByLabelText('Change picture');
    expect(picker.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(screen.getByText(/JPEG, PNG, WebP or GIF, up to 5 MB/)).toBeTruthy();
    await user.upload(picker, new File(['png bytes'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole<HTMLImageElement>('img', { name: 'Preview of the chosen picture' })).src).toMatch(/^data:image\/png;base64,/);
    await user.click(screen.getByRole('button', { name: 'Use this picture' }));

    expect(await screen.findByText('Your new picture is saved.')).toBeTruthy();
    expect(received).toEqual([{ bytes: 'png bytes', type: 'image/png', csrf: session.csrfToken }]);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Your current picture' }).src).toBe(newIcon);
    const corner = screen.getByRole('button', { name: /Grace Hopper/ });
    await waitFor(() => expect(corner.querySelector('img')!.getAttribute('src')).toBe(newIcon));
  });

  it('refuses a file that is not a picture or too large, and says why the service refused one', async () => {
    let sent = 0;
    server.use(
      sessionHandler(grace),
      http.get(rest('User'), () => entryEnvelope(aMember('grace', { email: grace.email }))),
      http.post(rest('User/icon'), () => {
        sent += 1;
        return errorEnvelope({ status: 415, code: 5, subcode: 3, reason: "The part 'file' is not an image." });
      }),
    );
    const { user } = renderRoute('/n/apiexample/settings/profile');
    const picker = await screen.findByLabelText('Change picture');

    fireEvent.change(picker, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert').textContent).toContain('This file is not a picture we can use. Choose a JPEG, PNG, WebP or GIF.');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(picker, { target: { files: [huge] } });
    expect(screen.getByRole('alert').textContent).toContain('This picture is larger than 5 MB. Choose a smaller one.');
    expect(screen.queryByRole('button', { name: 'Use this picture' })).toBeNull();
    expect(sent).toBe(0);

    fireEvent.change(picker, { target: { files: [new File(['?'], 'odd.gif', { type: 'image/gif' })] } });
    await user.click(screen.getByRole('button', { name: 'Use this picture' }));
    const alert = await screen.findByText(/Your picture was not saved/);
    expect(alert.closest('[role=alert]')!.textContent).toContain('This file is not a picture we can use.');
    expect(alert.closest('[role=alert]')!.textContent).not.toContain('part');
    expect(sent).toBe(1);
  });
});

describe('access tokens', () => {
  it('creates a token, shows it once, lists it and revokes it after asking', async () => {
    let tokens = [{ id: '1:AccessToken:1', name: 'old script', createdDate: '2011-06-20T10:00:00.000Z', lastUsedDate: null as string | null }];
    server.use(
      sessionHandler(grace),
      http.get(rest('AccessToken'), () => bareEntryEnvelope(tokens)),
      http.post(rest('AccessToken'), async ({ request }) => {
        const name = new URLSearchParams(await request.text()).get('name')!;
        const token = { id: '1:AccessToken:2', name, createdDate: '2011-06-25T10:00:00.000Z', lastUsedDate: null };
        tokens = [...tokens, token];
        return bareEntryEnvelope({ ...token, token: 'xnat_secret_value' });
      }),
      http.delete(rest('AccessToken'), ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        tokens = tokens.filter((token) => token.id !== id);
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute('/n/apiexample/settings/tokens');

    expect(await screen.findByText('old script')).toBeTruthy();
    expect(screen.getByText('Never used')).toBeTruthy();
    await user.type(screen.getByLabelText('Token name'), 'backup');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect((await screen.findByLabelText<HTMLInputElement>('New token')).value).toBe('xnat_secret_value');
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
    expect(await screen.findByText('backup')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke “old script”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByText('old script')).toBeNull());
    expect(screen.getByText('backup')).toBeTruthy();
  });
});

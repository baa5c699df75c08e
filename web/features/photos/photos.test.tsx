// Photos: the gallery paged with the service's anchors, uploading several files with a
// progress line each, a photo's page with its comments, and its owner editing and deleting it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Resources } from '../../lib/api-types';
import { aComment, aPhoto, aSession, imageResources, type PhotoEntry } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
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

const resourcesOf = (photos: PhotoEntry[]) => imageResources(photos) as unknown as Resources;

/** A stand-in for the service's photo listing: anchors are positions between photos, newest first. */
function recentPhotosHandler(photos: PhotoEntry[]) {
  return http.get(rest('Photo/recent'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const author = params.get('author');
    const tag = params.get('tag');
    const matching = photos.filter((photo) => (!author || photo.author === author) && (!tag || photo.topTags.includes(tag)));
    const count = Number(params.get('count') ?? 1);
    const at = Number(params.get('anchor')?.replace('at:', '') ?? 0);
    const start = count > 0 ? at : Math.max(0, at + count);
    const end = count > 0 ? Math.min(matching.length, at + count) : at;
    const page = matching.slice(start, end);
    return listingEnvelope(page, {
      anchor: `at:${count > 0 ? end : start}`,
      firstPage: start === 0,
      lastPage: end >= matching.length,
      resources: resourcesOf(page),
    });
  });
}

function photoHandler(photos: PhotoEntry[]) {
  return http.get(rest('Photo'), ({ request }) => {
    const photo = photos.find(({ id }) => id === new URL(request.url).searchParams.get('id'));
    return photo
      ? entryEnvelope(photo, resourcesOf([photo]))
      : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: "No photo '1:Photo:404'" });
  });
}

function shownTitles() {
  const gallery = screen.getByRole('list', { name: 'Photos' });
  return within(gallery)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const manyPhotos = Array.from({ length: 30 }, (_, index) => aPhoto({ id: `1:Photo:${30 - index}`, title: `Photo ${30 - index}` }));

describe('the gallery', () => {
  it('shows the newest photos, each leading to its page, and pages with anchors kept in the URL', async () => {
    server.use(sessionHandler(null), recentPhotosHandler(manyPhotos));
    const { user, router } = renderRoute('/n/apiexample/photos');

    expect(await screen.findByRole('heading', { level: 1, name: 'Photos' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Photos' });
    expect(shownTitles()).toHaveLength(24);
    expect(shownTitles()[0]).toBe('Photo 30');
    const first = screen.getByRole('link', { name: 'Photo 30' });
    expect(first.getAttribute('href')).toBe('/n/apiexample/photos/1%3APhoto%3A30');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('http://localhost/xn/images/1/30/thumbnail.jpg');
    expect(screen.queryByRole('link', { name: '← Newer photos' })).toBeNull();
    expect(document.title).toBe('Photos · Analytical Engineers');

    await user.click(screen.getByRole('link', { name: 'Older photos →' }));
    await waitFor(() => expect(shownTitles()[0]).toBe('Photo 6'));
    expect(shownTitles()).toHaveLength(6);
    expect(router.state.location.search).toBe('?anchor=at%3A24');

    await user.click(screen.getByRole('link', { name: '← Newer photos' }));
    await waitFor(() => expect(shownTitles()[0]).toBe('Photo 30'));
    expect(router.state.location.search).toBe('?anchor=at%3A24&direction=newer');
  });

  it('shows one member’s photos, named in the heading', async () => {
    server.use(
      sessionHandler(null),
      recentPhotosHandler([aPhoto({ id: '1:Photo:2', author: 'grace', title: 'Grace at sea' }), aPhoto({ id: '1:Photo:1' })]),
    );
    renderRoute('/n/apiexample/photos?author=grace');

    expect(await screen.findByRole('heading', { level: 1, name: 'Photos by Grace Hopper' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Grace at sea' });
    expect(shownTitles()).toEqual(['Grace at sea']);
    expect(screen.getByRole('link', { name: 'All photos' }).getAttribute('href')).toBe('/n/apiexample/photos');
  });

  it('invites a member to upload the first photo, and a visitor to sign in', async () => {
    server.use(sessionHandler(aSession()), recentPhotosHandler([]));
    renderRoute('/n/apiexample/photos');
    expect(await screen.findByText('No photos yet.')).toBeTruthy();
    expect(screen.getByText(/Be the first to share one/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload photos' })).toBeTruthy();
  });

  it('does not offer uploading to a visitor', async () => {
    server.use(sessionHandler(null), recentPhotosHandler([]));
    renderRoute('/n/apiexample/photos');
    expect(await screen.findByText('No photos yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload photos' })).toBeNull();
    expect(screen.getByText('to share your photos.', { exact: false }).textContent).toBe('Sign in to share your photos.');
  });

  it('says in plain words when the photos cannot be loaded', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Photo/recent'), () => errorEnvelope({ status: 400, code: 4, subcode: 7, reason: 'Parameter `anchor` is invalid' })),
    );
    renderRoute('/n/apiexample/photos?anchor=tampered');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The photos could not be loaded.');
    expect(alert.textContent).toContain('This list has changed since the page was opened.');
    expect(alert.textContent).not.toContain('anchor');
  });
});

describe('uploading photos', () => {
  it('sends each chosen file with its title, shows its progress, and adds it to the gallery', async () => {
    const member = aSession({ author: 'grace' });
    const photos: PhotoEntry[] = [];
    const received: { title: string | null; file: string; csrf: string | null }[] = [];
    server.use(
      sessionHandler(member),
      recentPhotosHandler(photos),
      http.post(rest('Photo'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        received.push({ title: form.get('title') as string | null, file: await file.text(), csrf: request.headers.get('X-CSRF-Token') });
        const id = `1:Photo:${photos.length + 1}`;
        photos.unshift(aPhoto({ id, author: 'grace', title: String(form.get('title')) }));
        return createdEnvelope(id);
      }),
    );
    const { user } = renderRoute('/n/apiexample/photos');
    await screen.findByText('No photos yet.');

    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(picker, [
      new File(['harbour bytes'], 'harbour.jpg', { type: 'image/jpeg' }),
      new File(['lighthouse bytes'], 'lighthouse.png', { type: 'image/png' }),
    ]);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getAllByRole('listitem')).toHaveLength(2);
    await within(uploads).findByRole('link', { name: 'Open lighthouse.png' });
    await within(uploads).findByRole('link', { name: 'Open harbour.jpg' });
    expect(received).toEqual([
      { title: 'harbour', file: 'harbour bytes', csrf: member.csrfToken },
      { title: 'lighthouse', file: 'lighthouse bytes', csrf: member.csrfToken },
    ]);
    await waitFor(() => expect(shownTitles()).toEqual(['lighthouse', 'harbour']));
  });

  it('shows a bar with the share sent while a file is on its way', async () => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      sessionHandler(aSession()),
      recentPhotosHandler([]),
      http.post(rest('Photo'), async () => {
        await finished;
        return createdEnvelope('1:Photo:1');
      }),
    );
    const { user } = renderRoute('/n/apiexample/photos');
    await screen.findByText('No photos yet.');
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, [
      new File(['x'.repeat(2048)], 'slow.jpg', { type: 'image/jpeg' }),
      new File(['y'], 'next.jpg', { type: 'image/jpeg' }),
    ]);

    const bar = await screen.findByRole('progressbar', { name: 'Uploading slow.jpg' });
    expect(bar.getAttribute('max')).toBe('100');
    expect(screen.getByRole('progressbar', { name: 'Uploading next.jpg' }).closest('li')?.textContent).toContain('Waiting…');
    finish();
    await screen.findByRole('link', { name: 'Open slow.jpg' });
  });

  it('refuses files the service would refuse, and says why a refused upload failed', async () => {
    server.use(
      sessionHandler(aSession()),
      recentPhotosHandler([]),
      http.post(rest('Photo'), () =>
        errorEnvelope({ status: 415, code: 5, subcode: 3, reason: "The part 'file' holds text, not a file." }),
      ),
    );
    renderRoute('/n/apiexample/photos');
    await screen.findByText('No photos yet.');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), huge, new File(['?'], 'odd.jpg', { type: 'image/jpeg' })] },
    });

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    const [pdf, big, odd] = within(uploads).getAllByRole('listitem');
    expect(pdf!.textContent).toContain('this is not a photo we can use. JPEG, PNG, WebP or GIF, up to 10 MB each.');
    expect(big!.textContent).toContain('this file is larger than 10 MB.');
    await waitFor(() => expect(odd!.textContent).toContain('This file is not a picture we can read. Use JPEG, PNG, WebP or GIF.'));
    expect(odd!.textContent).not.toContain('part');
  });
});

describe('a photo’s page', () => {
  const photoId = '1:Photo:7';
  const photoUrl = `/n/apiexample/photos/${encodeURIComponent(photoId)}`;

  it('shows the photo, its owner, description, tags and comments, and invites a visitor to sign in', async () => {
    const photo = aPhoto({ id: photoId, title: 'Harbour at dawn', topTags: ['sea', 'morning'], commentCount: 1 });
    server.use(
      sessionHandler(null),
      photoHandler([photo]),
      commentsHandler([aComment({ attachedTo: photoId, attachedToType: 'Photo', description: 'Lovely light.' })], resourcesOf([])),
    );
    renderRoute(photoUrl);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeTruthy();
    const image = screen.getByRole('img', { name: 'Harbour at dawn' });
    expect(image.getAttribute('src')).toBe('http://localhost/xn/images/1/7/medium.jpg');
    expect(image.closest('a')?.getAttribute('href')).toBe('http://localhost/xn/images/1/7/large.jpg');
    expect(screen.getByText('Brass and patience.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/n/apiexample/members/ada');
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(tags.map((tag) => [tag.textContent, tag.getAttribute('href')])).toEqual([
      ['sea', '/n/apiexample/photos?tag=sea'],
      ['morning', '/n/apiexample/photos?tag=morning'],
    ]);
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(await within(comments).findByText('Lovely light.')).toBeTruthy();
    expect(within(comments).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit photo' })).toBeNull();
    expect(document.title).toBe('Harbour at dawn · Analytical Engineers');
  });

  it('says so when the photo does not exist', async () => {
    server.use(sessionHandler(null), photoHandler([]), commentsHandler());
    renderRoute(`/n/apiexample/photos/${encodeURIComponent('1:Photo:404')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo not found' })).toBeTruthy();
  });

  it('says so for an address whose id is not a photo id at all', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Photo'), () => errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "Parameter 'id' must be a Photo id" })),
      commentsHandler(),
    );
    renderRoute('/n/apiexample/photos/holiday');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo not found' })).toBeTruthy();
    expect(screen.queryByText(/Parameter/)).toBeNull();
  });

  it('lets its owner change its title, description, tags and audience', async () => {
    const photos = [aPhoto({ id: photoId, author: 'grace', title: 'IMG_2034', topTags: ['sea'] })];
    let sent: URLSearchParams | undefined;
    let sentId: string | null = null;
    server.use(
      sessionHandler(aSession({ author: 'grace' })),
      photoHandler(photos),
      commentsHandler(),
      http.put(rest('Photo'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        sentId = new URL(request.url).searchParams.get('id');
        photos[0] = {
          ...photos[0]!,
          title: sent.get('title')!,
          description: sent.get('description')!,
          topTags: sent.getAll('tag'),
          visibility: sent.get('visibility') as PhotoEntry['visibility'],
        };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(photoUrl);

    await user.click(await screen.findByRole('button', { name: 'Edit photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit photo' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(within(dialog).getByText('Up to 200 characters.')).toBeTruthy();
    await user.clear(title);
    await user.type(title, 'Harbour at dawn');
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    expect((description as HTMLTextAreaElement).value).toBe('Brass and patience.');
    await user.clear(description);
    await user.type(description, 'Fog <lifting>{Enter}{Enter}Boats waking');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'morning{Enter}');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Who can see it' }), 'friends');
    await user.click(within(dialog).getByRole('button', { name: 'Save photo' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeTruthy();
    expect(sentId).toBe(photoId);
    expect(sent?.getAll('tag')).toEqual(['sea', 'morning']);
    expect(sent?.get('description')).toBe('<p>Fog &lt;lifting&gt;</p><p>Boats waking</p>');
    expect(screen.getByText('Fog <lifting>')).toBeTruthy();
    expect(screen.getByText('Visible to: The owner’s friends')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets its owner delete it after confirming, and returns to the gallery', async () => {
    const photos = [aPhoto({ id: photoId, author: 'grace', title: 'Blurry' })];
    const deleted: string[] = [];
    server.use(
      sessionHandler(aSession({ author: 'grace' })),
      photoHandler(photos),
      recentPhotosHandler(photos),
      commentsHandler(),
      http.delete(rest('Photo'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        photos.pop();
        return doneEnvelope();
      }),
    );
    const { user, router } = renderRoute(photoUrl);

    await user.click(await screen.findByRole('button', { name: 'Delete photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    expect(dialog.textContent).toContain('“Blurry” and its comments will be gone for everyone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));

    expect(await screen.findByText('The photo is deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/photos');
    expect(deleted).toEqual([photoId]);
    expect(await screen.findByText('No photos yet.')).toBeTruthy();
  });
});

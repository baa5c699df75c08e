// Videos: the list, adding one by its address (plain words when the address is not a video),
// the watch page that loads the host's player only when asked and links out where it may not
// embed, comments, deleting one's own, and unknown videos.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { commentsHandler, createdEnvelope, doneEnvelope, entryEnvelope, errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';
import type { Video } from './api/video-queries';
import { playerUrl } from './video-host';

const VIDEO_ID = '1:Video:3';

function aVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: VIDEO_ID,
    author: 'ada',
    createdDate: '2011-06-23T18:34:22.123Z',
    updatedDate: '2011-06-23T18:34:22.123Z',
    featuredDate: null,
    title: 'The engine turning',
    description: '<p>Filmed at the museum.</p>',
    url: `http://localhost/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`,
    sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    visibility: 'all',
    approved: true,
    commentCount: 0,
    tags: ['engines'],
    conversionStatus: 'complete',
    duration: null,
    embedCode:
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" title="YouTube video player" frameborder="0" allowfullscreen></iframe>',
    previewFrame: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    videoAttachmentUrl: null,
    videoSizeInBytes: null,
    ...overrides,
  };
}

function videoService(video: Video | null = aVideo()) {
  return [
    http.get(rest('Video'), () => (video ? entryEnvelope(video, members) : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No Video with id 1:Video:9.' }))),
    commentsHandler(),
    http.get(rest('Tag/popular'), () => entryEnvelope([])),
  ];
}

describe('the videos page', () => {
  it('lists videos with who added them and where they play', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Video/recent'), () => {
        const { id, author, title, url, sourceUrl, createdDate, commentCount, tags } = aVideo({ commentCount: 2 });
        return listingEnvelope([{ id, author, title, url, sourceUrl, createdDate, commentCount, tags }], { resources: members });
      }),
    );
    renderRoute('/n/apiexample/videos');
    const list = await screen.findByRole('list', { name: 'Videos' });
    const [row] = within(list).getAllByRole('listitem');
    expect(within(row!).getByRole('link', { name: 'The engine turning' }).getAttribute('href')).toBe('/n/apiexample/videos/1%3AVideo%3A3');
    expect(row!.textContent).toContain('Ada Lovelace');
    expect(row!.textContent).toContain('2 comments');
    expect(row!.textContent).toContain('on YouTube');
    expect(screen.queryByRole('link', { name: 'Add a video' })).toBeNull();
  });

  it('invites a member to add the first video', async () => {
    server.use(sessionHandler(aSession()), http.get(rest('Video/recent'), () => listingEnvelope([])));
    renderRoute('/n/apiexample/videos');
    expect(await screen.findByText('No videos yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the first video' }).getAttribute('href')).toBe('/n/apiexample/videos/new');
  });
});

describe('adding a video', () => {
  it('sends its address, title and tags, then opens its page', async () => {
    let sent: URLSearchParams | null = null;
    server.use(
      sessionHandler(aSession()),
      ...videoService(),
      http.post(rest('Video'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        return createdEnvelope(VIDEO_ID);
      }),
    );
    const { user, router } = renderRoute('/n/apiexample/videos/new');
    await user.type(await screen.findByLabelText('Video address'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.type(screen.getByLabelText('Title'), 'The engine turning');
    expect(screen.getByText('18 of 200 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Tags'), 'engines{enter}');
    await user.click(screen.getByRole('button', { name: 'Add video' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The engine turning' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/videos/1%3AVideo%3A3');
    expect(sent!.get('url')).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(sent!.get('title')).toBe('The engine turning');
    expect(sent!.getAll('tag')).toEqual(['engines']);
  });

  it('says in plain words when the address is not a video it knows', async () => {
    server.use(
      sessionHandler(aSession()),
      ...videoService(),
      http.post(rest('Video'), () =>
        errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "Parameter 'url' is not the address of a video on YouTube, Vimeo, Dailymotion." }),
      ),
    );
    const { user } = renderRoute('/n/apiexample/videos/new');
    await user.type(await screen.findByLabelText('Video address'), 'https://example.com/clip');
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The video was not added.');
    expect(alert.textContent).toContain('not a video on YouTube, Vimeo or Dailymotion');
    expect(alert.textContent).not.toContain('Parameter');
  });
});

describe('the watch page', () => {
  it('loads nothing from the host until Play is pressed, then the no-cookie player', async () => {
    server.use(sessionHandler(null), ...videoService());
    const { user } = renderRoute(`/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'The engine turning' })).toBeTruthy();
    expect(screen.getByText('Filmed at the museum.')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('img[src*="ytimg"]')).toBeNull();
    expect(screen.getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    await user.click(screen.getByRole('button', { name: 'Play video' }));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame.getAttribute('title')).toBe('The engine turning (YouTube player)');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(screen.getByRole('region', { name: 'Comments' })).toBeTruthy();
  });

  it('links out for a host it may not embed', async () => {
    server.use(
      sessionHandler(null),
      ...videoService(
        aVideo({
          title: '',
          sourceUrl: 'https://www.dailymotion.com/video/x7tgad0',
          embedCode: '<iframe src="https://www.dailymotion.com/embed/video/x7tgad0"></iframe>',
        }),
      ),
    );
    renderRoute(`/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'A video on Dailymotion' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
    expect(screen.getByRole('link', { name: /Watch on Dailymotion/ }).getAttribute('href')).toBe('https://www.dailymotion.com/video/x7tgad0');
  });

  it('lets whoever added it change its title, description and tags', async () => {
    let video = aVideo();
    let sent: URLSearchParams | undefined;
    server.use(
      sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })),
      http.get(rest('Video'), () => entryEnvelope(video, members)),
      commentsHandler(),
      http.get(rest('Tag/popular'), () => entryEnvelope([])),
      http.put(rest('Video'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        video = { ...video, title: sent.get('title')!, description: sent.get('description')!, tags: sent.getAll('tag') };
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(`/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`);

    await user.click(await screen.findByRole('button', { name: 'Edit video' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit video' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('The engine turning');
    expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Filmed at the museum.');
    await user.clear(title);
    await user.type(title, 'The Difference Engine at work');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'museum{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save video' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The Difference Engine at work' })).toBeTruthy();
    expect(sent?.getAll('tag')).toEqual(['engines', 'museum']);
    expect(screen.getByRole('link', { name: 'museum' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no edit to other members', async () => {
    server.use(sessionHandler(aSession({ author: 'grace' })), ...videoService());
    renderRoute(`/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The engine turning' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit video' })).toBeNull();
  });

  it('lets whoever added it delete it after confirming', async () => {
    const deleted: string[] = [];
    server.use(
      sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })),
      ...videoService(),
      http.get(rest('Video/recent'), () => listingEnvelope([])),
      http.delete(rest('Video'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id')!);
        return doneEnvelope();
      }),
    );
    const { user, router } = renderRoute(`/n/apiexample/videos/${encodeURIComponent(VIDEO_ID)}`);
    await user.click(await screen.findByRole('button', { name: 'Delete video' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this video?' })).getByRole('button', { name: 'Delete video' }));
    expect(await screen.findByText('The video is deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/n/apiexample/videos');
    expect(deleted).toEqual([VIDEO_ID]);
  });

  it('is a not-found page for an unknown video', async () => {
    server.use(sessionHandler(null), ...videoService(null));
    renderRoute('/n/apiexample/videos/1%3AVideo%3A9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video not found' })).toBeTruthy();
  });
});

describe('embedding', () => {
  it('takes only players of hosts the page may frame, never the markup', () => {
    expect(playerUrl('<iframe src="https://player.vimeo.com/video/76979871?dnt=1"></iframe>')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(playerUrl('<iframe src="https://evil.example/embed/x"></iframe>')).toBeNull();
    expect(playerUrl('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(playerUrl('<iframe src="http://www.youtube-nocookie.com/embed/x"></iframe>')).toBeNull();
    expect(playerUrl(null)).toBeNull();
  });
});

// The tag pages: the cloud sized by use, and one tag's posts, photos, topics and videos, with
// "Show more" paging, sections left out when empty, and an invitation when nothing is tagged.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aBlogPostSummary, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { entryEnvelope, errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';
import { tagSize } from './components/tag-cloud';

const image = '/xn/images/1/7/large.jpg';
const imageResource = { url: `http://localhost${image}`, width: 800, height: 600, thumbnailUrl: 'http://localhost/t.jpg', mediumUrl: 'http://localhost/m.jpg' };
const tagged = (params: URLSearchParams) => params.get('tag');

describe('the tag cloud', () => {
  it('sizes tags by use and links each to its page; a tab narrows it to one kind', async () => {
    const asked: (string | null)[] = [];
    server.use(
      sessionHandler(null),
      http.get(rest('Tag/popular'), ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        asked.push(type);
        return entryEnvelope(type === 'Photo' ? [{ value: 'harbours', count: 2 }] : [{ value: 'engines', count: 9 }, { value: 'looms', count: 1 }]);
      }),
    );
    const { user } = renderRoute('/n/apiexample/tags');

    const engines = await screen.findByRole('link', { name: 'engines, 9 items' });
    const looms = screen.getByRole('link', { name: 'looms, 1 item' });
    expect(engines.getAttribute('href')).toBe('/n/apiexample/tags/engines');
    expect(parseFloat(engines.style.fontSize)).toBeGreaterThan(parseFloat(looms.style.fontSize));

    await user.click(within(screen.getByRole('navigation', { name: 'Tags of' })).getByRole('link', { name: 'Photos' }));
    expect(await screen.findByRole('link', { name: 'harbours, 2 items' })).toBeTruthy();
    expect(asked).toEqual([null, 'Photo']);
  });

  it('sizes from small to large on a square-root scale', () => {
    expect(tagSize(1, 1, 100)).toBe(0.85);
    expect(tagSize(100, 1, 100)).toBe(2);
    expect(tagSize(5, 5, 5)).toBe(1.2);
  });

  it('invites a first tagged post when no tag is used', async () => {
    server.use(sessionHandler(aSession()), http.get(rest('Tag/popular'), () => entryEnvelope([])));
    renderRoute('/n/apiexample/tags');
    expect(await screen.findByText('No tags yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write a tagged post' }).getAttribute('href')).toBe('/n/apiexample/write');
  });
});

describe('a tag page', () => {
  it('lists the posts, photos, topics and videos with the tag, and pages with Show more', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(tagged(params)).toBe('engines');
        return params.get('anchor') === 'p2'
          ? listingEnvelope([aBlogPostSummary({ id: '1:BlogPost:1', title: 'Older engine notes', topTags: ['engines'] })], { resources: members, anchor: 'p3', firstPage: false })
          : listingEnvelope([aBlogPostSummary({ id: '1:BlogPost:2', title: 'Engine notes', topTags: ['engines'] })], { resources: members, anchor: 'p2', lastPage: false });
      }),
      http.get(rest('Photo/recent'), () =>
        listingEnvelope([{ id: '1:Photo:7', author: 'grace', title: 'The engine', image, url: 'http://localhost/n/apiexample/photos/1%3APhoto%3A7' }], {
          resources: { ...members, [image]: imageResource } as never,
        }),
      ),
      http.get(rest('Topic/recent'), () =>
        listingEnvelope(
          [{ id: '1:Topic:3', author: 'ada', title: 'Which engine?', url: 'http://localhost/n/apiexample/forum/topics/1%3ATopic%3A3', createdDate: '2011-06-23T18:34:22.123Z', commentCount: 2 }],
          { resources: members },
        ),
      ),
      http.get(rest('Video/recent'), () => listingEnvelope([])),
    );
    const { user } = renderRoute('/n/apiexample/tags/engines');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tagged “engines”' })).toBeTruthy();
    const posts = await screen.findByRole('region', { name: 'Blog posts' });
    expect(await within(posts).findByRole('link', { name: 'Engine notes' })).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'All posts tagged “engines”' }).getAttribute('href')).toBe('/n/apiexample/blog?tag=engines');
    await user.click(within(posts).getByRole('button', { name: 'Show more blog posts' }));
    expect(await within(posts).findByRole('link', { name: 'Older engine notes' })).toBeTruthy();
    expect(within(posts).queryByRole('button', { name: 'Show more blog posts' })).toBeNull();

    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(within(photos).getByRole('link', { name: 'The engine' }).getAttribute('href')).toBe('/n/apiexample/photos/1%3APhoto%3A7');
    const topics = screen.getByRole('region', { name: 'Forum topics' });
    expect(within(topics).getByRole('link', { name: 'Which engine?' }).getAttribute('href')).toBe('/n/apiexample/forum/topics/1%3ATopic%3A3');
    expect(within(topics).getByText('2 replies')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Videos' })).toBeNull();
  });

  it('says so when nothing carries the tag, inviting a first post', async () => {
    server.use(
      sessionHandler(aSession()),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
      http.get(rest('Photo/recent'), () => listingEnvelope([])),
      http.get(rest('Topic/recent'), () => listingEnvelope([])),
      http.get(rest('Video/recent'), () => listingEnvelope([])),
    );
    renderRoute('/n/apiexample/tags/nothing-here');
    expect(await screen.findByText('Nothing is tagged “nothing-here” yet.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Write a post' }).getAttribute('href')).toBe('/n/apiexample/write');
  });

  it('says a kind that failed in plain words, the others still shown', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () => errorEnvelope({ status: 400, code: 4, subcode: 3, reason: 'Parameter `tag` is too long' })),
      http.get(rest('Photo/recent'), () => listingEnvelope([])),
      http.get(rest('Topic/recent'), () => listingEnvelope([])),
      http.get(rest('Video/recent'), () =>
        listingEnvelope([{ id: '1:Video:4', author: 'ada', title: 'Engine at work', url: 'http://localhost/n/apiexample/videos/1%3AVideo%3A4', createdDate: '2011-06-23T18:34:22.123Z', commentCount: 1 }], {
          resources: members,
        }),
      ),
    );
    renderRoute('/n/apiexample/tags/engines');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Blog posts could not be loaded.');
    expect(alert.textContent).not.toContain('Parameter');
    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(within(videos).getByText('1 comment')).toBeTruthy();
  });
});

// The network's front page: recent posts with their authors and tags, paging, tag filter.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from './api/blog-post-queries';
import { aBlogPostSummary, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

/** A small stand-in for the service's keyset paging: anchors are positions between posts. */
function recentPostsHandler(posts: BlogPostSummary[]) {
  return http.get(rest('BlogPost/recent'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const tag = params.get('tag');
    const matching = tag ? posts.filter((post) => post.topTags.includes(tag)) : posts;
    const count = Number(params.get('count') ?? 1);
    const at = Number(params.get('anchor')?.replace('at:', '') ?? 0);
    const start = count > 0 ? at : Math.max(0, at + count);
    const end = count > 0 ? Math.min(matching.length, at + count) : at;
    return listingEnvelope(matching.slice(start, end), {
      anchor: `at:${count > 0 ? end : start}`,
      firstPage: start === 0,
      lastPage: end >= matching.length,
      resources: members,
    });
  });
}

const manyPosts = Array.from({ length: 12 }, (_, index) =>
  aBlogPostSummary({ id: `1:BlogPost:${12 - index}`, title: `Post number ${12 - index}` }),
);

function shownTitles() {
  return screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
}

describe('the front page', () => {
  it('shows the recent posts with their authors, tags and comment counts', async () => {
    server.use(
      sessionHandler(null),
      recentPostsHandler([
        aBlogPostSummary({
          id: '1:BlogPost:2',
          author: 'grace',
          title: 'Compilers for everyone',
          topTags: ['compilers', 'cobol'],
          commentCount: 2,
        }),
        aBlogPostSummary({ id: '1:BlogPost:1', author: 'ada', topTags: ['engines'], commentCount: 1 }),
      ]),
    );

    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Recent blog posts' })).toBeTruthy();
    const [newest, older] = await screen.findAllByRole('article');
    const title = within(newest).getByRole('link', { name: 'Compilers for everyone' });
    expect(title.getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A2');
    expect(within(newest).getByText('Grace Hopper')).toBeTruthy();
    const tags = within(within(newest).getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(tags.map((tag) => tag.textContent)).toEqual(['compilers', 'cobol']);
    expect(within(newest).getByText('2 comments')).toBeTruthy();

    expect(within(older).getByRole('link', { name: 'Notes on the Analytical Engine' })).toBeTruthy();
    expect(within(older).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(older).getByRole('link', { name: 'engines' })).toBeTruthy();
    expect(within(older).getByText('1 comment')).toBeTruthy();
  });

  it('pages to older posts and back to newer ones', async () => {
    server.use(sessionHandler(null), recentPostsHandler(manyPosts));
    const { user, router } = renderRoute('/n/apiexample');

    expect(await screen.findByRole('link', { name: 'Post number 12' })).toBeTruthy();
    expect(shownTitles()).toHaveLength(10);
    expect(screen.queryByRole('link', { name: /newer posts/i })).toBeNull();

    await user.click(screen.getByRole('link', { name: /older posts/i }));
    expect(await screen.findByRole('link', { name: 'Post number 2' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Post number 2', 'Post number 1']);
    expect(screen.queryByRole('link', { name: /older posts/i })).toBeNull();
    expect(router.state.location.search).toBe('?anchor=at%3A10');

    await user.click(screen.getByRole('link', { name: /newer posts/i }));
    expect(await screen.findByRole('link', { name: 'Post number 12' })).toBeTruthy();
    expect(shownTitles()).toHaveLength(10);
    expect(screen.queryByRole('link', { name: /newer posts/i })).toBeNull();
    expect(screen.getByRole('link', { name: /older posts/i })).toBeTruthy();
  });

  it('lists only the posts with a tag when a tag chip is followed', async () => {
    server.use(
      sessionHandler(null),
      recentPostsHandler([
        aBlogPostSummary({ id: '1:BlogPost:2', title: 'Compilers for everyone', topTags: ['compilers'] }),
        aBlogPostSummary({ id: '1:BlogPost:1', topTags: ['engines'] }),
      ]),
    );
    const { user } = renderRoute('/n/apiexample');

    await user.click(await screen.findByRole('link', { name: 'engines' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Posts tagged “engines”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notes on the Analytical Engine' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Notes on the Analytical Engine']);
  });

  it('tells the reader when the posts cannot be loaded', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () =>
        errorEnvelope({ status: 503, code: 5, subcode: 1, reason: 'Too many requests, try again soon' }),
      ),
    );
    renderRoute('/n/apiexample');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests, try again soon');
  });
});

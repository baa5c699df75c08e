// The blog: posts newest first with their authors and tags, paging with the service's
// anchors in the URL, filters by tag and author, and the empty and failed states.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from './api/blog-post-queries';
import { aBlogPostSummary, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

/** A small stand-in for the service's keyset paging: anchors are positions between posts. */
function recentPostsHandler(posts: BlogPostSummary[]) {
  return http.get(rest('BlogPost/recent'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const tag = params.get('tag');
    const author = params.get('author');
    const matching = posts.filter((post) => (!tag || post.topTags.includes(tag)) && (!author || post.author === author));
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

describe('the blog', () => {
  it('shows the posts with their authors, tags, comment counts and featured badge', async () => {
    server.use(
      sessionHandler(null),
      recentPostsHandler([
        aBlogPostSummary({
          id: '1:BlogPost:2',
          author: 'grace',
          title: 'Compilers for everyone',
          topTags: ['compilers', 'cobol'],
          commentCount: 2,
          featuredDate: '2011-06-25T10:00:00.000Z',
        }),
        aBlogPostSummary({ id: '1:BlogPost:1', author: 'ada', topTags: ['engines'], commentCount: 1 }),
      ]),
    );

    renderRoute('/n/apiexample/blog');

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    const [newest, older] = await screen.findAllByRole('article');
    const title = within(newest).getByRole('link', { name: 'Compilers for everyone' });
    expect(title.getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A2');
    expect(within(newest).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/n/apiexample/members/grace');
    const tags = within(within(newest).getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(tags.map((tag) => tag.textContent)).toEqual(['compilers', 'cobol']);
    expect(within(newest).getByText('2 comments')).toBeTruthy();
    expect(within(newest).getByText('Featured')).toBeTruthy();

    expect(within(older).getByRole('link', { name: 'Notes on the Analytical Engine' })).toBeTruthy();
    expect(within(older).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(older).getByText('1 comment')).toBeTruthy();
    expect(within(older).queryByText('Featured')).toBeNull();
    expect(document.title).toBe('Blog · Analytical Engineers');
  });

  it('pages to older posts and back to newer ones, keeping the place in the URL', async () => {
    server.use(sessionHandler(null), recentPostsHandler(manyPosts));
    const { user, router } = renderRoute('/n/apiexample/blog');

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

  it('lists only the posts with a tag when a tag chip is followed, and all of them again', async () => {
    server.use(
      sessionHandler(null),
      recentPostsHandler([
        aBlogPostSummary({ id: '1:BlogPost:2', title: 'Compilers for everyone', topTags: ['compilers'] }),
        aBlogPostSummary({ id: '1:BlogPost:1', topTags: ['engines'] }),
      ]),
    );
    const { user, router } = renderRoute('/n/apiexample/blog');

    await user.click(await screen.findByRole('link', { name: 'engines' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Posts tagged “engines”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notes on the Analytical Engine' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Notes on the Analytical Engine']);
    expect(router.state.location.search).toBe('?tag=engines');
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
  });

  it('lists one author’s posts by their name', async () => {
    server.use(
      sessionHandler(null),
      recentPostsHandler([
        aBlogPostSummary({ id: '1:BlogPost:2', author: 'grace', title: 'Compilers for everyone' }),
        aBlogPostSummary({ id: '1:BlogPost:1', author: 'ada' }),
      ]),
    );
    renderRoute('/n/apiexample/blog?author=grace');

    expect(await screen.findByRole('heading', { level: 1, name: 'Posts by Grace Hopper' })).toBeTruthy();
    expect(shownTitles()).toEqual(['Compilers for everyone']);
  });

  it('invites a member to write the first post when there is none', async () => {
    server.use(sessionHandler(aSession()), recentPostsHandler([]));
    renderRoute('/n/apiexample/blog');

    expect(await screen.findByText('No blog posts yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write the first post' }).getAttribute('href')).toBe('/n/apiexample/write');
  });

  it('tells the reader in plain words when the posts cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () =>
        fail ? errorEnvelope({ status: 503, code: 5, subcode: 1, reason: 'Rate limit exceeded for count=10' }) : listingEnvelope([]),
      ),
    );
    const { user } = renderRoute('/n/apiexample/blog');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That was too many requests in a short time. Wait a minute, then try again.');
    expect(alert.textContent).not.toContain('count=10');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No blog posts yet.')).toBeTruthy();
  });
});

// Search: the header's search box opens the search page, which shows the matches of each kind
// in its tab, pages on, and says plainly when nothing matches or the search failed.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';
import type { SearchResult } from './api/search-queries';

const hit = (overrides: Partial<SearchResult>): SearchResult => ({
  id: '1:BlogPost:1',
  type: 'BlogPost',
  title: 'Sourdough after a year',
  excerpt: 'The trick was temperature.',
  author: 'ada',
  createdDate: '2011-06-23T18:34:22.123Z',
  url: 'http://localhost/n/apiexample/blog/1%3ABlogPost%3A1',
  ...overrides,
});

describe('search', () => {
  it('finds posts from the header’s search box, and members in their tab', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([], { resources: {} })),
      http.get(rest('Search'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (params.get('type') === 'User') {
          return listingEnvelope([hit({ id: '1:User:3', type: 'User', title: 'Ada Lovelace', excerpt: 'Counting', url: 'http://localhost/n/apiexample/members/ada' })], { resources: members });
        }
        return listingEnvelope([hit({})], { resources: members, lastPage: false, anchor: 'next-page' });
      }),
    );
    const { user, router } = renderRoute('/n/apiexample/blog');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(box, 'sourdough{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “sourdough”' })).toBeTruthy();
    const result = await screen.findByRole('link', { name: 'Sourdough after a year' });
    expect(result.getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A1');
    expect(screen.getByText('The trick was temperature.')).toBeTruthy();
    expect(asked.at(-1)?.get('q')).toBe('sourdough');
    expect(asked.at(-1)?.get('type')).toBe('BlogPost');

    await user.click(screen.getByRole('link', { name: 'More results' }));
    await waitFor(() => expect(router.state.location.search).toContain('anchor=next-page'));
    await waitFor(() => expect(asked.at(-1)?.get('anchor')).toBe('next-page'));

    const tabs = screen.getByRole('navigation', { name: 'What to search' });
    expect(within(tabs).getByRole('link', { name: 'Posts' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(tabs).getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(asked.at(-1)?.get('type')).toBe('User');
    expect(asked.at(-1)?.has('anchor')).toBe(false);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sourdough');
  });

  it('says when nothing matches, and asks for words when there are none', async () => {
    server.use(sessionHandler(null), http.get(rest('Search'), () => listingEnvelope([], { resources: {} })));
    renderRoute('/n/apiexample/search?q=zzyzx&type=Photo');
    expect(await screen.findByText('No photos match “zzyzx”.')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'What to search' });
    expect(within(tabs).getByRole('link', { name: 'Photos' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for a word when the search box held none', async () => {
    server.use(sessionHandler(null));
    renderRoute('/n/apiexample/search?q=%22%2A');
    expect(await screen.findByText('Type a word to search for.')).toBeTruthy();
  });

  it('says in plain words when the search failed, and tries again', async () => {
    let calls = 0;
    server.use(
      sessionHandler(null),
      http.get(rest('Search'), () =>
        ++calls <= 2
          ? errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error.' })
          : listingEnvelope([hit({})], { resources: members }),
      ),
    );
    const { user } = renderRoute('/n/apiexample/search?q=sourdough');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The search could not be done.')).toBeTruthy();
    expect(alert.textContent).not.toContain('Internal error.');
    await user.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('link', { name: 'Sourdough after a year' })).toBeTruthy();
  });
});

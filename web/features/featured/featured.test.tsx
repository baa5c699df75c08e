// The featured pages: each kind in the order the service lists them (most recently featured
// first), saying when each was featured; empty and failed states in plain words.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aBlogPostSummary, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const image = '/xn/images/1/7/large.jpg';
const imageResource = { url: `http://localhost${image}`, width: 800, height: 600, thumbnailUrl: 'http://localhost/t.jpg', mediumUrl: 'http://localhost/m.jpg' };

const tabs = () => within(screen.getByRole('navigation', { name: 'Featured' }));

describe('the featured pages', () => {
  it('list posts in the order they were featured, an old post featured last coming first', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/featured'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('count')).toBe('20');
        return listingEnvelope(
          [
            aBlogPostSummary({ id: '1:BlogPost:1', title: 'An old favourite', featuredDate: '2011-06-30T10:00:00.000Z' }),
            aBlogPostSummary({ id: '1:BlogPost:9', title: 'Brand new', author: 'grace', featuredDate: '2011-06-29T10:00:00.000Z' }),
          ],
          { resources: members },
        );
      }),
    );
    renderRoute('/n/apiexample/featured');

    expect(await screen.findByRole('heading', { level: 1, name: 'Featured' })).toBeTruthy();
    expect(tabs().getByRole('link', { name: 'Posts' }).getAttribute('aria-current')).toBe('page');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(['An old favourite', 'Brand new']);
    expect([...document.querySelectorAll('.featured-when time')].map((time) => time.getAttribute('datetime'))).toEqual([
      '2011-06-30T10:00:00.000Z',
      '2011-06-29T10:00:00.000Z',
    ]);
    expect(document.title).toBe('Featured posts · Analytical Engineers');
  });

  it('show photos and members on their own tabs', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Photo/featured'), () =>
        listingEnvelope(
          [{ id: '1:Photo:7', author: 'ada', title: 'The engine', image, url: 'http://localhost/n/apiexample/photos/1%3APhoto%3A7', featuredDate: '2011-06-30T10:00:00.000Z' }],
          { resources: { ...members, [image]: imageResource } as never },
        ),
      ),
      http.get(rest('User/featured'), () =>
        listingEnvelope([
          { id: '1:User:grace', author: 'grace', ...members.grace, featuredDate: '2011-06-30T10:00:00.000Z', statusMessage: 'Debugging', location: 'Arlington' },
          { id: '1:User:ada', author: 'ada', ...members.ada, featuredDate: '2011-06-20T10:00:00.000Z', statusMessage: null, location: null },
        ]),
      ),
    );
    const { user } = renderRoute('/n/apiexample/featured?kind=photos');

    const photo = await screen.findByRole('link', { name: 'The engine' });
    expect(photo.getAttribute('href')).toBe('/n/apiexample/photos/1%3APhoto%3A7');
    expect(photo.querySelector('img')?.getAttribute('src')).toBe('http://localhost/m.jpg');

    await user.click(tabs().getByRole('link', { name: 'Members' }));
    const grace = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(grace.getAttribute('href')).toBe('/n/apiexample/members/grace');
    expect(screen.getByText('“Debugging”')).toBeTruthy();
    const names = within(screen.getByRole('main')).getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent);
    expect(names).toEqual(['Grace Hopper', 'Ada Lovelace']);
  });

  it('say when nothing is featured yet, and when the list could not be loaded', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Topic/featured'), () => listingEnvelope([])),
      http.get(rest('Video/featured'), () => errorEnvelope({ status: 400, code: 4, subcode: 7, reason: 'Parameter `anchor` is not valid' })),
    );
    const { user } = renderRoute('/n/apiexample/featured?kind=topics');
    expect(await screen.findByText('No featured forum topics yet.')).toBeTruthy();

    await user.click(tabs().getByRole('link', { name: 'Videos' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Featured videos could not be loaded.');
    expect(alert.textContent).not.toContain('anchor');
  });
});

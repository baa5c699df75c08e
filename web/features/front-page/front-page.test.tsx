// The front page: the latest broadcast for members, featured posts, photos and members,
// recent posts and activity, and popular tags; sections with nothing to show stay away.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aBlogPostSummary, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { entryEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const image = '/xn/images/1/7/large.jpg';
const broadcasts: string[] = [];

function frontPageService({ featured }: { featured: boolean }) {
  return [
    http.get(rest('BlogPost/recent'), () =>
      listingEnvelope([aBlogPostSummary({ id: '1:BlogPost:2', title: 'Fresh from the workshop', author: 'grace' })], { resources: members }),
    ),
    http.get(rest('BlogPost/featured'), () =>
      listingEnvelope(featured ? [aBlogPostSummary({ id: '1:BlogPost:1', title: 'Our best post', featuredDate: '2011-06-25T10:00:00.000Z' })] : [], {
        resources: members,
      }),
    ),
    http.get(rest('Photo/featured'), () =>
      listingEnvelope(featured ? [{ id: '1:Photo:7', title: 'The engine', image, url: 'http://localhost/n/apiexample/photos/1%3APhoto%3A7' }] : [], {
        resources: { [image]: { url: `http://localhost${image}`, width: 800, height: 600, thumbnailUrl: 'http://localhost/t.jpg', mediumUrl: 'http://localhost/m.jpg' } } as never,
      }),
    ),
    http.get(rest('User/featured'), () =>
      listingEnvelope(featured ? [{ id: '1:User:ada', author: 'ada', ...members.ada }] : []),
    ),
    http.get(rest('Activity/recent'), () =>
      listingEnvelope(
        [
          {
            id: 'urn:uuid:2',
            author: 'grace',
            createdDate: '2011-06-25T10:00:00.000Z',
            type: 'CreateBlogPost',
            contentId: '1:BlogPost:2',
            title: 'Fresh from the workshop',
            description: null,
            url: 'http://localhost/n/apiexample/blog/1%3ABlogPost%3A2',
            attachedTo: null,
            attachedToType: null,
            attachedToAuthor: null,
            image: null,
          },
          {
            id: 'urn:uuid:1',
            author: 'ada',
            createdDate: '2011-06-24T10:00:00.000Z',
            type: 'StatusUpdate',
            contentId: null,
            title: null,
            description: 'Computing',
            url: 'http://localhost/n/apiexample/members/ada',
            attachedTo: null,
            attachedToType: null,
            attachedToAuthor: null,
            image: null,
          },
        ],
        { resources: members },
      ),
    ),
    http.get(rest('Tag/popular'), () =>
      entryEnvelope(featured ? [{ value: 'engines', count: 4 }, { value: 'looms', count: 1 }] : []),
    ),
    http.get(rest('BroadcastMessage/recent'), () => {
      broadcasts.push('asked');
      return listingEnvelope([
        { id: '1:BroadcastMessage:1', author: 'ada', createdDate: '2011-06-25T12:00:00.000Z', subject: 'Meetup on Friday', body: '<p>Bring your punch cards.</p>' },
      ]);
    }),
  ];
}

describe('the front page', () => {
  it('shows members the latest broadcast, what is featured, recent posts, activity and popular tags', async () => {
    server.use(sessionHandler(aSession()), ...frontPageService({ featured: true }));
    renderRoute('/n/apiexample');

    const broadcast = await screen.findByRole('complementary', { name: 'Message from the administrators' });
    expect(within(broadcast).getByRole('heading', { name: 'Meetup on Friday' })).toBeTruthy();
    expect(within(broadcast).getByText('Bring your punch cards.')).toBeTruthy();

    const featuredPosts = await screen.findByRole('region', { name: 'Featured posts' });
    expect(within(featuredPosts).getByRole('link', { name: 'Our best post' }).getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A1');
    const photos = await screen.findByRole('region', { name: 'Featured photos' });
    expect(within(photos).getByRole('img', { name: 'The engine' }).getAttribute('src')).toBe('http://localhost/t.jpg');
    expect(within(photos).getByRole('link', { name: 'The engine' }).getAttribute('href')).toBe('/n/apiexample/photos/1%3APhoto%3A7');
    const people = await screen.findByRole('region', { name: 'Featured members' });
    expect(within(people).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/n/apiexample/members/ada');

    const recent = await screen.findByRole('region', { name: 'Recent blog posts' });
    expect(await within(recent).findByRole('link', { name: 'Fresh from the workshop' })).toBeTruthy();

    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    const [wrote, status] = within(activity).getAllByRole('listitem');
    expect(wrote!.textContent).toContain('Grace Hopper wrote the post Fresh from the workshop');
    expect(status!.textContent).toContain('Ada Lovelace set their status: Computing');

    const tags = await screen.findByRole('region', { name: 'Popular tags' });
    expect(within(tags).getByRole('link', { name: 'engines, 4 items' }).getAttribute('href')).toBe('/n/apiexample/tags/engines');
    expect(document.title).toBe('Analytical Engineers');
  });

  it('leaves out what has nothing to show, and the broadcast for visitors', async () => {
    broadcasts.length = 0;
    server.use(sessionHandler(null), ...frontPageService({ featured: false }));
    renderRoute('/n/apiexample');

    const recent = await screen.findByRole('region', { name: 'Recent blog posts' });
    expect(await within(recent).findByRole('link', { name: 'Fresh from the workshop' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Recent activity' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Featured posts' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured photos' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured members' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Popular tags' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Message from the administrators' })).toBeNull();
    expect(broadcasts).toEqual([]);
  });
});

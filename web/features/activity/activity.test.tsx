// The activity feed: each event in plain words linking to its item, a member's own events
// through `?member=`, paging with anchors, and the empty and failed states.
import { render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { anActivityEvent, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';
import { describeActivity, plainText } from './components/activity-sentence';

const events = [
  anActivityEvent({ id: 'urn:uuid:1' }),
  anActivityEvent({
    id: 'urn:uuid:2',
    author: 'grace',
    type: 'CreateBlogPostComment',
    contentId: '1:Comment:4',
    title: null,
    description: '<p>A <em>fine</em> machine.</p>',
    attachedTo: '1:BlogPost:1',
    attachedToType: 'BlogPost',
    attachedToAuthor: 'ada',
  }),
  anActivityEvent({ id: 'urn:uuid:3', type: 'CreateTopic', title: 'Which loom?', url: 'http://localhost/n/apiexample/forum/topics/1%3ATopic%3A2' }),
  anActivityEvent({ id: 'urn:uuid:4', author: 'grace', type: 'JoinNetwork', contentId: null, title: null, url: 'http://localhost/n/apiexample/members/grace' }),
];

describe('the activity feed', () => {
  it('describes each event in plain words, linking to its item', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('Activity/recent'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(params.get('author')).toBeNull();
        expect(params.get('count')).toBe('20');
        return listingEnvelope(events, { resources: members });
      }),
    );
    renderRoute('/n/apiexample/activity');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
      'Ada Lovelace wrote the post Notes on the Analytical Engine',
      'Grace Hopper commented on Ada Lovelace’s post: A fine machine.',
      'Ada Lovelace started the forum topic Which loom?',
      'Grace Hopper joined the network',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Notes on the Analytical Engine' }).getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A1');
    expect(within(items[1]!).getByRole('link', { name: 'Ada Lovelace’s post' }).getAttribute('href')).toBe('/n/apiexample/blog/1%3ABlogPost%3A1');
    expect(within(items[3]!).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/n/apiexample/members/grace');
  });

  it('shows one member’s events with ?member=, and pages with anchors', async () => {
    const asked: (string | null)[] = [];
    server.use(
      sessionHandler(null),
      http.get(rest('Activity/recent'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(params.get('author')).toBe('grace');
        asked.push(params.get('anchor'));
        return params.get('anchor') === 'a1'
          ? listingEnvelope([events[3]!], { resources: members, anchor: 'a2', firstPage: false, lastPage: true })
          : listingEnvelope([events[1]!], { resources: members, anchor: 'a1', firstPage: true, lastPage: false });
      }),
    );
    const { user, router } = renderRoute('/n/apiexample/activity?member=grace');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity of Grace Hopper' })).toBeTruthy();
    expect(await screen.findByText(/commented on/)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Older activity →' }));
    expect(await screen.findByText(/joined the network/)).toBeTruthy();
    expect(router.state.location.search).toBe('?member=grace&anchor=a1');
    expect(asked).toEqual([null, 'a1']);
    expect(screen.getByRole('link', { name: '← Newer activity' })).toBeTruthy();
  });

  it('invites a first post when nothing has happened, and says a failure plainly', async () => {
    server.use(sessionHandler(null), http.get(rest('Activity/recent'), () => listingEnvelope([])));
    renderRoute('/n/apiexample/activity');
    expect(await screen.findByText('Nothing has happened here yet.')).toBeTruthy();

    server.use(http.get(rest('Activity/recent'), () => errorEnvelope({ status: 400, code: 4, subcode: 7, reason: 'Parameter `anchor` is not valid' })));
    renderRoute('/n/apiexample/activity?anchor=tampered');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The activity could not be loaded.');
    expect(alert.textContent).not.toContain('Parameter');
  });
});

describe('a member’s profile', () => {
  it('shows their recent activity, leading to all of it', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
      http.get(rest('Photo/recent'), () => listingEnvelope([])),
      http.get(rest('Friend/recent'), () => listingEnvelope([])),
      http.get(rest('Friend/alpha'), () => listingEnvelope([])),
      http.get(rest('Activity/recent'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        return listingEnvelope(params.get('author') === 'ada' ? [events[0]!, events[2]!] : [], { resources: members });
      }),
    );
    renderRoute('/n/apiexample/members/ada');

    const section = await screen.findByRole('region', { name: 'Recent activity' });
    expect(await within(section).findByText(/started the forum topic/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Which loom?' }).getAttribute('href')).toBe('/n/apiexample/forum/topics/1%3ATopic%3A2');
    expect(within(section).getByRole('link', { name: 'All activity of Ada Lovelace' }).getAttribute('href')).toBe('/n/apiexample/activity?member=ada');
  });
});

describe('event sentences', () => {
  it('cover friends, featuring, status and replies', () => {
    expect(describeActivity(anActivityEvent({ type: 'AddFriend', contentId: '1:User:grace', title: null, attachedToAuthor: 'grace' }), members)).toMatchObject({
      did: 'became friends with',
      what: 'Grace Hopper',
    });
    expect(describeActivity(anActivityEvent({ type: 'FeaturePhoto', title: 'The engine' }), members)).toMatchObject({ did: 'featured the photo', what: 'The engine' });
    expect(describeActivity(anActivityEvent({ type: 'FeatureUser', title: null }), members)).toMatchObject({ did: 'featured', what: 'a member' });
    expect(describeActivity(anActivityEvent({ type: 'StatusUpdate', title: null, description: 'Computing <b>now</b>' }), members)).toMatchObject({
      did: 'set their status',
      quote: 'Computing <b>now</b>',
    });
    expect(
      describeActivity(anActivityEvent({ type: 'CreateTopicComment', title: null, attachedToType: 'Topic', attachedToAuthor: 'ada' }), members),
    ).toMatchObject({ did: 'replied in', what: 'their own forum topic' });
  });

  it('quote a comment’s words without its markup, shortened', () => {
    expect(plainText('<p>One &amp; <strong>two</strong></p><p>three<br>four</p>')).toBe('One & two three four');
    expect(plainText('word '.repeat(100), 20)).toHaveLength(20);
    render(<q>{plainText('<img src=x onerror="alert(1)">hi')}</q>);
    expect(document.querySelector('img')).toBeNull();
  });
});

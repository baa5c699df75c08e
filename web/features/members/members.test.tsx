// Members: the directory A to Z and newest first, paged with anchors in the URL; a member's
// profile with their posts, photos and friends; not found and failures in plain words.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Member, Resources } from '../../lib/api-types';
import { aBlogPostSummary, aMember, aPhoto, aSession, imageResources, members } from '../../test/fixtures';
import { Friendships } from '../../test/friend-handlers';
import { renderRoute } from '../../test/render-route';
import { entryEnvelope, errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const names = ['Alan Turing', 'Barbara Liskov', 'Claude Shannon', 'Dorothy Vaughan', 'Edsger Dijkstra'];
const people: Member[] = names.map((fullName, index) =>
  aMember(fullName.split(' ')[0]!.toLowerCase(), { fullName, createdDate: `2011-0${index + 1}-01T10:00:00.000Z`, location: index === 0 ? 'Manchester' : null }),
);

/** `User/alpha` and `User/recent` over `people`, two at a time, anchors being positions. */
function directoryHandlers() {
  const handler = (order: 'alpha' | 'recent') =>
    http.get(rest(`User/${order}`), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const sorted = order === 'alpha' ? people : people.toReversed();
      const count = Math.sign(Number(params.get('count'))) * 2;
      const at = Number(params.get('anchor')?.replace('at:', '') ?? 0);
      const start = count > 0 ? at : Math.max(0, at + count);
      const end = count > 0 ? Math.min(sorted.length, at + count) : at;
      return listingEnvelope(sorted.slice(start, end), { anchor: `at:${count > 0 ? end : start}`, firstPage: start === 0, lastPage: end >= sorted.length });
    });
  return [handler('alpha'), handler('recent')];
}

function shownMembers() {
  return within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the member directory', () => {
  it('lists members A to Z, each leading to their profile, and newest first, paged in the URL', async () => {
    server.use(sessionHandler(null), ...directoryHandlers());
    const { user, router } = renderRoute('/n/apiexample/members');

    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Members' });
    // Each page of the stand-in holds two.
    expect(shownMembers()).toEqual(['Alan Turing', 'Barbara Liskov']);
    expect(screen.getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe('/n/apiexample/members/alan');
    expect(screen.getByText('Manchester')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A to Z' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('link', { name: 'Next →' }));
    await waitFor(() => expect(shownMembers()).toEqual(['Claude Shannon', 'Dorothy Vaughan']));

    await user.click(screen.getByRole('link', { name: 'Newest' }));
    await waitFor(() => expect(shownMembers()).toEqual(['Edsger Dijkstra', 'Dorothy Vaughan']));
    expect(router.state.location.search).toBe('?order=newest');
    await user.click(screen.getByRole('link', { name: 'Earlier members →' }));
    await waitFor(() => expect(shownMembers()).toEqual(['Claude Shannon', 'Barbara Liskov']));
    expect(router.state.location.search).toBe('?order=newest&anchor=at%3A2');
    expect(document.title).toBe('Members · Analytical Engineers');
  });

  it('says in plain words when the members cannot be loaded', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('User/alpha'), () => errorEnvelope({ status: 503, code: 5, subcode: 1, reason: 'Rate limit: 600 requests per minute' })),
    );
    renderRoute('/n/apiexample/members');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The members could not be loaded. That was too many requests in a short time.');
    expect(alert.textContent).not.toContain('600');
  });
});

/** Ada's posts, photos and friends, as the profile reads them. */
function adasLife(viewer: string | null, { posts = true, photos = true } = {}) {
  const adasPhotos = photos ? [aPhoto({ id: '1:Photo:3', title: 'Engine drawing' })] : [];
  const friendships = new Friendships();
  friendships.set('ada', 'grace', 'friend', 'friend');
  friendships.set('ada', 'alan', 'pending', 'friend_request');
  return [
    http.get(rest('BlogPost/recent'), ({ request }) =>
      listingEnvelope(
        posts && new URL(request.url).searchParams.get('author') === 'ada' ? [aBlogPostSummary({ title: 'Notes on the Analytical Engine' })] : [],
        { resources: members },
      ),
    ),
    http.get(rest('Photo/recent'), () => listingEnvelope(adasPhotos, { resources: imageResources(adasPhotos) as unknown as Resources })),
    ...friendships.handlers(viewer),
  ];
}

describe('a member’s profile', () => {
  it('shows who they are and their posts, photos and friends, and asks a visitor to sign in to befriend them', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('User'), () => entryEnvelope(aMember('ada', { statusMessage: 'Counting engines', location: 'London', isOwner: true, state: 'owner' }))),
      ...adasLife(null),
    );
    renderRoute('/n/apiexample/members/ada');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('“Counting engines”')).toBeTruthy();
    expect(screen.getByText('London')).toBeTruthy();
    expect(screen.getByText('Network Creator')).toBeTruthy();
    expect(screen.getByText('Member since January 2011')).toBeTruthy();
    expect(document.title).toBe('Ada Lovelace · Analytical Engineers');

    const posts = screen.getByRole('region', { name: 'Posts' });
    expect(await within(posts).findByRole('link', { name: 'Notes on the Analytical Engine' })).toBeTruthy();
    expect(within(posts).getByRole('heading', { level: 3, name: 'Notes on the Analytical Engine' })).toBeTruthy();
    const photos = screen.getByRole('region', { name: 'Photos' });
    expect((await within(photos).findByRole('link', { name: 'Engine drawing' })).getAttribute('href')).toBe('/n/apiexample/photos/1%3APhoto%3A3');
    const friends = screen.getByRole('region', { name: 'Friends' });
    const faces = await within(friends).findByRole('list', { name: 'Friends of Ada Lovelace' });
    // Only accepted friends are listed publicly.
    expect(within(faces).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Grace Hopper', '/n/apiexample/members/grace'],
    ]);

    expect(screen.getByText('to add Ada Lovelace as a friend.', { exact: false }).textContent).toBe('Sign in to add Ada Lovelace as a friend.');
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
  });

  it('invites its own member to write, upload and find friends when they have none yet', async () => {
    server.use(sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })), ...adasLife('ada', { posts: false, photos: false }));
    server.use(...new Friendships().handlers('ada'));
    renderRoute('/n/apiexample/members/ada');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit your profile' }).getAttribute('href')).toBe('/n/apiexample/settings/profile');
    const posts = screen.getByRole('region', { name: 'Posts' });
    expect(await within(posts).findByText('You have not written a post yet.')).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'Write a post' }).getAttribute('href')).toBe('/n/apiexample/write');
    expect(await screen.findByText('You have not shared a photo yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload photos' }).getAttribute('href')).toBe('/n/apiexample/photos');
    expect(await screen.findByText('You have no friends here yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find members to befriend' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
  });

  it('lists only accepted friends on the member’s own profile, not their requests', async () => {
    server.use(sessionHandler(aSession({ author: 'ada', fullName: 'Ada Lovelace' })), ...adasLife('ada'));
    renderRoute('/n/apiexample/members/ada');
    const faces = await screen.findByRole('list', { name: 'Friends of Ada Lovelace' });
    expect(within(faces).getAllByRole('link').map((link) => link.textContent)).toEqual(['Grace Hopper']);
  });

  it('is a not-found page for a member who is not there', async () => {
    server.use(sessionHandler(null), http.get(rest('User'), () => errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No such item.' })), ...adasLife(null));
    renderRoute('/n/apiexample/members/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeTruthy();
  });

  it('says in plain words when the profile cannot be loaded', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('User'), () => errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error' })),
      ...adasLife(null),
    );
    renderRoute('/n/apiexample/members/ada');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This profile could not be loaded. The server ran into a problem. Try again in a moment. Try again');
  });
});

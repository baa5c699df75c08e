// Friends: the one friend button on a profile following every state of a friendship, blocking,
// refusals in plain words, and the Friends page with friends, requests to and from the member.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession } from '../../test/fixtures';
import { Friendships } from '../../test/friend-handlers';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

/** Grace, signed in, looking at Ada's profile, where Ada has posted and shared nothing yet. */
function graceVisitsAda(friendships: Friendships) {
  server.use(
    sessionHandler(aSession({ author: 'grace' })),
    http.get(rest('BlogPost/recent'), () => listingEnvelope([])),
    http.get(rest('Photo/recent'), () => listingEnvelope([])),
    ...friendships.handlers('grace'),
  );
  return renderRoute('/n/apiexample/members/ada');
}

const profileActions = () => document.querySelector<HTMLElement>('.profile-actions')!;

describe('the friend button', () => {
  it('asks, shows the request as sent, and cancels it after asking', async () => {
    const friendships = new Friendships();
    const { user } = graceVisitsAda(friendships);

    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('button', { name: 'Request sent' })).toBeTruthy();
    expect(friendships.stateOf('grace', 'ada')).toBe('pending');
    expect(friendships.stateOf('ada', 'grace')).toBe('friend_request');

    await user.click(screen.getByRole('button', { name: 'Request sent' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your friend request to Ada Lovelace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    expect(friendships.stateOf('grace', 'ada')).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Request sent' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeTruthy();
    expect(friendships.stateOf('grace', 'ada')).toBeNull();
  });

  it('accepts a request, then unfriends after asking', async () => {
    const friendships = new Friendships();
    friendships.set('ada', 'grace', 'pending', 'friend_request');
    const { user } = graceVisitsAda(friendships);

    expect(await screen.findByText('Ada Lovelace asked to be your friend.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeTruthy();
    expect(friendships.stateOf('ada', 'grace')).toBe('friend');
    // She is now among Ada's friends on the profile.
    const friends = screen.getByRole('region', { name: 'Friends' });
    expect(await within(friends).findByRole('link', { name: 'Grace Hopper' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Friends' }));
    const dialog = screen.getByRole('dialog', { name: 'Unfriend Ada Lovelace?' });
    expect(dialog.textContent).toContain('You will no longer see each other’s friends-only posts and photos.');
    await user.click(within(dialog).getByRole('button', { name: 'Unfriend' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeTruthy();
    expect(friendships.stateOf('ada', 'grace')).toBeNull();
  });

  it('declines a request', async () => {
    const friendships = new Friendships();
    friendships.set('ada', 'grace', 'pending', 'friend_request');
    const { user } = graceVisitsAda(friendships);

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeTruthy();
    expect(friendships.stateOf('ada', 'grace')).toBeNull();
  });

  it('blocks after asking, and unblocks', async () => {
    const friendships = new Friendships();
    friendships.set('grace', 'ada', 'friend', 'friend');
    const { user } = graceVisitsAda(friendships);

    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Ada Lovelace?' });
    expect(dialog.textContent).toContain('cannot comment on what you share');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(screen.getByText('You have blocked Ada Lovelace.')).toBeTruthy();
    expect(friendships.stateOf('grace', 'ada')).toBe('blocked');
    expect(friendships.stateOf('ada', 'grace')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeTruthy();
  });

  it('goes back and says so in plain words when the service refuses', async () => {
    const friendships = new Friendships();
    friendships.set('ada', 'grace', 'blocked');
    const { user } = graceVisitsAda(friendships);

    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That did not work. You cannot add Ada Lovelace as a friend.');
    expect(screen.getByRole('button', { name: 'Add friend' })).toBeTruthy();
    expect(profileActions().textContent).not.toContain('has blocked you');
  });
});

describe('the Friends page', () => {
  function graceFriends(friendships: Friendships) {
    server.use(sessionHandler(aSession({ author: 'grace' })), ...friendships.handlers('grace'));
    return renderRoute('/n/apiexample/friends');
  }
  const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
  const rowOf = (region: HTMLElement, name: string) => within(region).getByRole('link', { name }).closest('li')!;

  it('lists requests to the member, their friends and their requests, and moves each', async () => {
    const friendships = new Friendships();
    friendships.set('ada', 'grace', 'pending', 'friend_request');
    friendships.set('grace', 'alan', 'friend', 'friend');
    friendships.set('grace', 'barbara', 'pending', 'friend_request');
    const { user } = graceFriends(friendships);

    expect(await screen.findByRole('heading', { level: 1, name: 'Friends' })).toBeTruthy();
    const requests = section('Requests to you');
    await user.click(within(rowOf(requests, 'Ada Lovelace')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(section('Your friends')).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ada Lovelace', 'alan']));
    expect(await within(section('Requests to you')).findByText('No one is waiting for your answer.')).toBeTruthy();

    const sent = section('Requests you sent');
    expect(within(sent).getByRole('link', { name: 'barbara' }).getAttribute('href')).toBe('/n/apiexample/members/barbara');
    await user.click(within(sent).getByRole('button', { name: 'Cancel request to barbara' }));
    expect(await within(section('Requests you sent')).findByText('You have no requests waiting for an answer.')).toBeTruthy();
    expect(friendships.stateOf('grace', 'barbara')).toBeNull();

    await user.click(within(section('Your friends')).getByRole('button', { name: 'Unfriend alan' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Unfriend alan?' })).getByRole('button', { name: 'Unfriend' }));
    await waitFor(() => expect(within(section('Your friends')).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ada Lovelace']));
    expect(screen.queryByRole('region', { name: /^Blocked members/ })).toBeNull();
  });

  it('invites a member without friends to find some', async () => {
    graceFriends(new Friendships());
    expect(await screen.findByText('You have no friends here yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find members to befriend' }).getAttribute('href')).toBe('/n/apiexample/members');
  });

  it('sends a visitor to sign in', async () => {
    server.use(sessionHandler(null));
    const { router } = renderRoute('/n/apiexample/friends');
    await waitFor(() => expect(router.state.location.pathname).toBe('/n/apiexample/signin'));
    expect(router.state.location.search).toBe('?next=%2Fn%2Fapiexample%2Ffriends');
  });

  it('says in plain words when a list cannot be loaded', async () => {
    server.use(
      sessionHandler(aSession({ author: 'grace' })),
      http.get(rest('Friend/alpha'), ({ request }) =>
        new URL(request.url).searchParams.get('state') === 'pending'
          ? errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "Parameter 'state' is invalid" })
          : listingEnvelope([]),
      ),
    );
    renderRoute('/n/apiexample/friends');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Requests you sent could not be loaded.');
    expect(alert.textContent).not.toContain('state');
  });
});

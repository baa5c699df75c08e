// A small stand-in for the service's friendships, for component tests of the friend button and
// the Friends page: both sides of each relationship, moved the way the service moves them
// (wire contract §6), and listed as `Friend/recent|alpha` list them.
import { http } from 'msw';
import type { Entry, Resources } from '../lib/api-types';
import { aMember } from './fixtures';
import { doneEnvelope, errorEnvelope, listingEnvelope, rest } from './rest-handlers';

type State = Entry<'Friend'>['state'];

export class Friendships {
  /** `a>b` → how a sees b. */
  readonly sides = new Map<string, State>();

  set(a: string, b: string, mine: State | null, theirs?: State | null) {
    const put = (key: string, state: State | null | undefined) => {
      if (state === null) this.sides.delete(key);
      else if (state !== undefined) this.sides.set(key, state);
    };
    put(`${a}>${b}`, mine);
    put(`${b}>${a}`, theirs);
  }

  stateOf(a: string, b: string): State | null {
    return this.sides.get(`${a}>${b}`) ?? null;
  }

  /** The handlers of `Friend/recent`, `Friend/alpha`, POST and DELETE `Friend`, as `me` (null: a visitor, who lists others' only). */
  handlers(me: string | null) {
    const list = ({ request }: { request: Request }) => {
      const params = new URL(request.url).searchParams;
      const author = params.get('author') ?? me;
      if (author === null) return errorEnvelope({ status: 401, code: 1, subcode: 1, reason: 'Sign in.' });
      const state = params.get('state');
      const friend = params.get('friend');
      const entry = [...this.sides]
        .map(([key, side]) => ({ key: key.split('>'), side }))
        .filter(({ key: [a, b], side }) => a === author && (author === me || side === 'friend') && (!state || side === state) && (!friend || b === friend))
        .map(({ key: [a, b], side }) => ({
          author: a!,
          friend: b!,
          state: side,
          createdDate: '2011-06-20T10:00:00.000Z',
          updatedDate: '2011-06-21T10:00:00.000Z',
        }))
        .sort((x, y) => x.friend.localeCompare(y.friend));
      const resources: Resources = Object.fromEntries(
        entry.map(({ friend: screenName }) => {
          const { fullName, iconUrl, url } = aMember(screenName);
          return [screenName, { fullName, iconUrl, url }];
        }),
      );
      return listingEnvelope(entry, { resources });
    };
    return [
      http.get(rest('Friend/recent'), list),
      http.get(rest('Friend/alpha'), list),
      http.post(rest('Friend'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        const other = params.get('friend')!;
        if (me === null) return errorEnvelope({ status: 401, code: 1, subcode: 1, reason: 'Sign in.' });
        const [mine, theirs] = [this.stateOf(me, other), this.stateOf(other, me)];
        if (params.get('state') === 'blocked') {
          this.set(me, other, 'blocked', theirs === 'blocked' ? undefined : null);
        } else if (theirs === 'blocked') {
          return errorEnvelope({ status: 403, code: 2, subcode: 3, reason: `${other} has blocked you.` });
        } else if (mine === null) {
          this.set(me, other, 'pending', 'friend_request');
        } else if (mine === 'friend_request') {
          this.set(me, other, 'friend', 'friend');
        } else {
          return errorEnvelope({ status: 409, code: 6, subcode: 2, reason: `Your relationship with ${other} is '${mine}'.` });
        }
        return doneEnvelope();
      }),
      http.delete(rest('Friend'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        const other = params.get('friend')!;
        if (me === null) return errorEnvelope({ status: 401, code: 1, subcode: 1, reason: 'Sign in.' });
        const mine = this.stateOf(me, other);
        if (mine === null) return errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No relationship.' });
        if (params.get('state') && params.get('state') !== mine) {
          return errorEnvelope({ status: 409, code: 6, subcode: 2, reason: `Your relationship with ${other} is '${mine}'.` });
        }
        this.set(me, other, null, mine === 'blocked' ? undefined : null);
        return doneEnvelope();
      }),
    ];
  }
}

// Creating a network, however it is created (first start, cli, the service): the network, its
// creator as its first member, and the creator's JoinNetwork event, so even a new network's
// activity feed says who started it. One transaction: all of it, or none.
import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import { recordActivity } from '../activity/store';
import { addMember } from '../users/store';
import { findNetwork, insertNetwork } from './store';

export async function createNetwork(db: Db, input: { subdomain: string; name: string; ownerAccountId: number }, now: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      if (await findNetwork(tx, input.subdomain)) throw new ApiError('duplicate', `A network '${input.subdomain}' already exists.`);
      const id = await insertNetwork(tx, input, now);
      if (id !== undefined) {
        await addMember(tx, id, input.ownerAccountId, 'owner', 'active', now);
        await recordActivity(tx, { networkId: id, authorId: input.ownerAccountId, type: 'JoinNetwork', now });
        return id;
      }
      // The random id was taken (or the subdomain, just now: the next lookup says so).
      if (attempt > 5) throw new Error('No free network id after several attempts.');
    }
  });
}

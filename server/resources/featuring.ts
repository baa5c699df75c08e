// Featuring, for every featurable type: administrators and the Network Creator set or clear
// an item's `featuredDate`; `featured` listings sort by it alone. Featuring is recorded in
// the activity feed as Feature<Type>, once: featuring a featured item changes nothing.
import { z } from 'zod';
import { endpoint, type SignedInActor, type Endpoint } from '../http/endpoint';
import { contentIdParam } from '../http/param-types';
import { idInNetwork } from '../http/reply';
import { ApiError } from '../lib/errors';
import { recordActivity } from './activity/store';
import { recordAudit } from './audit/store';
import { contentTables } from './content/types';
import { announce, committed } from '../lib/changes';

/** Featurable types and their tables; every table has id, network_id and featured_at. */
export const featurableTables = { ...contentTables, Comment: 'comments', User: 'members' } as const;

export type FeaturableType = keyof typeof featurableTables;

export function featureEndpoints(type: FeaturableType): Endpoint[] {
  const params = z.object({ id: contentIdParam(type) });
  const endpointFor = (featured: boolean) =>
    endpoint({
      method: featured ? 'POST' : 'DELETE',
      path: `${type}/feature`,
      allow: 'admin',
      summary: featured ? `Features a ${type} now.` : `Stops featuring a ${type}.`,
      params,
      handle: async (ctx, p) => {
        await setFeatured(ctx, type, idInNetwork(ctx, p.id), featured);
        return {};
      },
    });
  return [endpointFor(true), endpointFor(false)];
}

/** Features an item of this network now, or stops featuring it (404 when there is none). */
export async function setFeatured(ctx: SignedInActor, type: FeaturableType, id: number, featured: boolean): Promise<void> {
  const table = featurableTables[type];
  await committed(ctx, async (tx) => {
    // Only a change is written: featuring a featured item keeps its date and records no second event.
    const result = await tx
      .updateTable(table)
      .set({ featured_at: featured ? ctx.now : null })
      .where('id', '=', id)
      .where('network_id', '=', ctx.network.id)
      .where('featured_at', featured ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const exists = await tx.selectFrom(table).select('id').where('id', '=', id).where('network_id', '=', ctx.network.id).executeTakeFirst();
      if (!exists) throw new ApiError('noSuchItem');
      return;
    }
    announce(tx, { networkId: ctx.network.id, kind: type === 'User' ? 'Member' : type, id, op: 'updated' });
    await recordAudit(tx, ctx, { action: featured ? 'feature' : 'unfeature', type, id });
    if (featured) {
      await recordActivity(tx, {
        networkId: ctx.network.id,
        authorId: ctx.viewer.accountId,
        type: `Feature${type}`,
        content: { type, id },
        now: ctx.now,
      });
    }
  });
}

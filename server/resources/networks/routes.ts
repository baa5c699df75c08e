// Network route table.
import { recordAudit } from '../audit/store';
import { announce, committed } from '../../lib/changes';
import { endpoint } from '../../http/endpoint';
import { entries, listing } from '../../http/reply';
import { alphaParams, getParams, networkEntry, networkPatch, networkPresenter, updateParams } from './schema';
import { getNetwork, listNetworksOf, updateNetwork } from './store';

export const networkEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Network',
    // A private network's sign-in and join pages show its name and icon to strangers too.
    allow: 'public',
    summary: 'The network of the request.',
    params: getParams,
    entry: networkEntry,
    handle: async (ctx, p) => entries(ctx, networkPresenter, [await getNetwork(ctx.db, ctx.network.id)], p.fields, true),
  }),
  endpoint({
    method: 'GET',
    path: 'Network/alpha',
    allow: 'account',
    summary: 'The networks the caller is an active member of, by name.',
    params: alphaParams,
    entry: networkEntry,
    handle: async (ctx, p) =>
      listing(ctx, networkPresenter, await listNetworksOf(ctx.db, ctx.viewer.accountId, p.count, ctx.anchors.decode(p.anchor)), p.fields),
  }),
  endpoint({
    method: 'PUT',
    path: 'Network',
    allow: 'owner',
    summary:
      'Changes the network (the Network Creator): name, description, iconUrl, isPrivate and the moderation flags. ' +
      'Turning member moderation off leaves pending members pending until approved.',
    params: updateParams,
    handle: async (ctx, p) => {
      await committed(ctx, async (tx) => {
        const detail = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
        await recordAudit(tx, ctx, { action: 'update', type: 'Network', id: ctx.network.id, title: p.name ?? ctx.network.name, detail });
        await updateNetwork(tx, ctx.network.id, { ...networkPatch(p), updated_at: ctx.now });
        announce(tx, { networkId: ctx.network.id, kind: 'Network', id: ctx.network.id, op: 'updated' });
      });
      return {};
    },
  }),
];

// BroadcastMessage route table.
import { endpoint } from '../../http/endpoint';
import { listing } from '../../http/reply';
import { broadcastEntry, broadcastPresenter, recentParams, sendParams } from './schema';
import { sendBroadcast } from './service';
import { listBroadcasts } from './store';

export const broadcastEndpoints = [
  endpoint({
    method: 'POST',
    path: 'BroadcastMessage',
    allow: 'admin',
    summary: 'Sends a message (subject, HTML body) to every member; the same messageId within five minutes is 409 (6-1).',
    params: sendParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:BroadcastMessage:${await sendBroadcast(ctx, p)}` }),
  }),
  endpoint({
    method: 'GET',
    path: 'BroadcastMessage/recent',
    allow: 'member',
    extension: true,
    summary: 'The broadcasts of the network, newest first: what members read in the web app.',
    params: recentParams,
    entry: broadcastEntry,
    handle: async (ctx, p) =>
      listing(ctx, broadcastPresenter, await listBroadcasts(ctx.db, ctx.network.id, p.count, ctx.anchors.decode(p.anchor)), p.fields),
  }),
];

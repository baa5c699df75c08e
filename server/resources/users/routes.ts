// Member endpoints.
import { endpoint } from '../../http/endpoint';
import { startSession } from '../sessions/routes';
import { joinParams } from './schema';
import { joinNetwork } from './service';

export const userEndpoints = [
  endpoint({
    method: 'POST',
    path: 'User',
    allow: 'public',
    extension: true,
    summary: 'Joins the network: creates the account (or joins with an existing one) and signs the web app in.',
    params: joinParams,
    handle: async (ctx, input) => {
      const member = await joinNetwork(ctx, input);
      await startSession(ctx, member.accountId);
      return { id: `${ctx.network.id}:User:${member.memberId}` };
    },
  }),
];

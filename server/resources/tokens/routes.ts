// OAuth access tokens for programs: HTTP Basic email:password on a request signed with the
// consumer key alone. Asking again returns the same token and secret, as clients expect.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { checkCredentials } from '../sessions/credentials';
import { membership } from '../users/store';
import { issueOAuthToken } from './store';

export const tokenEndpoints = [
  endpoint({
    method: 'POST',
    path: 'Token',
    allow: 'public',
    summary: 'Gets the access token of a member for this consumer (HTTP Basic email:password, OAuth signed with the consumer secret only).',
    params: z.object({}),
    reply: 'entry',
    entry: z.object({ author: z.string(), oauthConsumerKey: z.string(), oauthToken: z.string(), oauthTokenSecret: z.string() }),
    handle: async (ctx) => {
      if (ctx.consumerId === null) throw new ApiError('missingCredentials', 'Sign the request with your OAuth consumer key.');
      const basic = /^\s*Basic\s+(\S+)/i.exec(ctx.req.get('authorization') ?? '');
      const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      if (colon < 0) throw new ApiError('missingCredentials', 'Send the member email and password with HTTP Basic authentication.');
      const account = await checkCredentials(ctx, decoded.slice(0, colon), decoded.slice(colon + 1));
      const member = await membership(ctx.db, ctx.network.id, account.id);
      if (!member) throw new ApiError('notAllowed', 'This account is not a member of this network.');
      if (member.state === 'blocked') throw new ApiError('blocked', 'This member is blocked on this network.');

      const issued = await issueOAuthToken(ctx.db, ctx.secrets, ctx.consumerId, account.id, ctx.now);
      return {
        entry: {
          author: account.screen_name,
          oauthConsumerKey: issued.consumer_key,
          oauthToken: issued.token,
          oauthTokenSecret: issued.token_secret,
        },
      };
    },
  }),
];

// AccessToken route table (our extension): a member's personal access tokens, sent as
// `Authorization: Bearer <token>` by scripts for which OAuth is too much. A token acts as
// its member in the network it was created in, and nowhere else.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { credentialsEnded } from '../../lib/changes';
import { ApiError } from '../../lib/errors';
import { idInNetwork } from '../../http/reply';
import { accessTokenEntry, accessTokenOf, createParams, MAX_TOKENS, newAccessTokenEntry, revokeParams } from './schema';
import { createAccessTokenUnderCap, listAccessTokens, revokeAccessToken } from './store';

export const accessTokenEndpoints = [
  endpoint({
    method: 'GET',
    path: 'AccessToken',
    allow: 'account',
    extension: true,
    summary: "The caller's live personal access tokens in this network, newest first (never the tokens themselves).",
    params: z.object({}),
    reply: 'entry',
    entry: z.array(accessTokenEntry),
    handle: async (ctx) => {
      const rows = await listAccessTokens(ctx.db, ctx.network.id, ctx.viewer.accountId);
      return { entry: rows.map((row) => accessTokenOf(ctx.network.id, row)) };
    },
  }),
  endpoint({
    method: 'POST',
    path: 'AccessToken',
    allow: 'member',
    extension: true,
    summary:
      'Creates a personal access token for this network; the reply is the only time the token is shown. ' +
      'Needs a session or OAuth: a token cannot make more tokens, so revoking a leaked one ends its access.',
    params: createParams,
    reply: 'entry',
    entry: newAccessTokenEntry,
    handle: async (ctx, p) => {
      if (ctx.viewer.via === 'bearer') throw new ApiError('notAllowed', 'An access token cannot create access tokens; sign in or use OAuth.');
      const accountId = ctx.viewer.accountId;
      const created = await createAccessTokenUnderCap(ctx.db, ctx.dialect, { networkId: ctx.network.id, accountId, name: p.name, max: MAX_TOKENS }, ctx.now);
      if (!created) throw new ApiError('stateConflict', `At most ${MAX_TOKENS} access tokens per member; revoke one first.`);
      const { row, secret } = created;
      return { entry: { ...accessTokenOf(ctx.network.id, row), token: secret } };
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'AccessToken',
    allow: 'account',
    extension: true,
    summary: "Revokes one of the caller's access tokens; requests with it fail from then on.",
    params: revokeParams,
    handle: async (ctx, p) => {
      const accountId = ctx.viewer.accountId;
      const revoked = await revokeAccessToken(ctx.db, ctx.network.id, accountId, idInNetwork(ctx, p.id), ctx.now);
      if (!revoked) throw new ApiError('noSuchItem');
      await ctx.changes.publish([credentialsEnded(ctx.network.id, accountId)]);
      return {};
    },
  }),
];

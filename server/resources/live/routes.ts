// GET Live (extension): server-sent events of what is new for the caller — new blog posts
// (for the front page), or with `attachedTo` new comments on that item (for its open page).
// Each event's data is `{entry, resources}`, the entry exactly as GET BlogPost or
// Comment/recent would present it to this caller, read through the same visibility scope.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import type { Ctx } from '../../http/endpoint';
import { ApiError } from '../../lib/errors';
import { present, selectFields, type PresentContext, type Presenter } from '../../http/fields';
import { anyContentIdParam } from '../../http/param-types';
import type { Change } from '../../lib/changes';
import { blogPostPresenter } from '../blog-posts/schema';
import { postStore } from '../blog-posts/store';
import { commentPresenter } from '../comments/schema';
import { findVisibleComment } from '../comments/store';
import { itemForComments } from '../comments/service';
import type { LiveEvent } from './streams';

const liveParams = z.object({
  attachedTo: anyContentIdParam.optional().meta({ description: 'stream new comments on this item; without it, new blog posts' }),
  fields: z.string().optional().meta({ description: 'the fields of each event’s entry, as for GET BlogPost or Comment/recent' }),
});

export const liveEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Live',
    allow: 'anyone',
    extension: true,
    summary:
      'Server-sent events (`Accept: text/event-stream`) of what is new for the caller: `post` events for new blog posts, or with ' +
      '`attachedTo` `comment` events for new comments on that item. Each event’s data is `{entry, resources}` as a GET would ' +
      'present it to this caller; comment lines (`: heartbeat`) keep the connection alive.',
    params: liveParams,
    reply: 'stream',
    handle: async (ctx, p) => {
      if (!/\btext\/event-stream\b/.test(ctx.req.get('accept') ?? '')) {
        throw new ApiError('invalidValue', 'This endpoint streams server-sent events: send Accept: text/event-stream.');
      }
      const accountId = ctx.viewer.accountId;
      let react: (change: Change) => Promise<LiveEvent[]>;
      if (p.attachedTo) {
        const item = await itemForComments(ctx, p.attachedTo);
        const on = { kind: p.attachedTo.type, id: item.id };
        const selection = selectFields(commentPresenter, p.fields);
        react = async (change) => {
          if (change.kind !== 'Comment' || change.op !== 'created' || change.on?.kind !== on.kind || change.on.id !== on.id) return [];
          const comment = await findVisibleComment(ctx.db, scopeNow(ctx), change.id);
          return comment ? [eventOf(ctx.present, 'comment', commentPresenter, comment, selection)] : [];
        };
      } else {
        const selection = selectFields(blogPostPresenter, p.fields);
        react = async (change) => {
          if (change.kind !== 'BlogPost' || change.op !== 'created') return [];
          // Only its author sees a post only they may see: no need to ask the database for anyone else.
          if (change.visibility === 'me' && change.authorId !== accountId) return [];
          const scope = scopeNow(ctx);
          const [post] = await postStore.get(ctx.db, scope, [change.id]);
          return post ? [eventOf({ ...ctx.present, now: scope.now }, 'post', blogPostPresenter, post, selection)] : [];
        };
      }
      await ctx.live.stream({
        res: ctx.res,
        bus: ctx.changes,
        react: (change) => {
          if (change.networkId !== ctx.network.id) return [];
          // Who the viewer is, and what the network lets them read, is decided again on reconnecting.
          if (change.kind === 'Network') return 'end';
          if (change.kind === 'Member' && accountId !== null && change.authorId === accountId) return 'end';
          return react(change);
        },
      });
      return {};
    },
  }),
];

const scopeNow = (ctx: Ctx) => ({ viewer: ctx.viewer, network: ctx.network, now: Date.now() });

function eventOf<T>(ctx: PresentContext, event: string, presenter: Presenter<T>, item: T, selection: ReturnType<typeof selectFields>): LiveEvent {
  const { entries, resources } = present(presenter, [item], selection, ctx);
  const entry = entries[0]!;
  return { event, id: String(entry.id ?? ''), data: { entry, resources } };
}


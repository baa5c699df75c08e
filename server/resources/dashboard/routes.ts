// GET Dashboard (our extension): the administrators' figures in one reply, read from the
// counters triggers keep (migration 0053) and the moderation queue's partial indexes, so its
// cost does not grow with the number of posts.
import { sql } from 'kysely';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { iconUrlOf, memberUrl } from '../users/author-ref';
import { countQueue, queueTypes } from '../moderation/store';

const DAY_MS = 86_400_000;
const DAYS = 30;
const TOP = 10;
const KINDS = ['members', 'posts', 'comments', 'photos'] as const;

const dashboardEntry = z
  .object({
    days: z
      .array(z.object({ date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }), members: z.number().int(), posts: z.number().int(), comments: z.number().int(), photos: z.number().int() }))
      .meta({ description: `the last ${DAYS} UTC days, oldest first, today last: members who joined, posts, comments and photos written (and still there)` }),
    topTags: z.array(z.object({ value: z.string(), count: z.number().int() })).meta({ description: `the ${TOP} tags on most items` }),
    activeMembers: z
      .array(z.object({ author: z.string(), fullName: z.string(), iconUrl: z.string(), url: z.string(), count: z.number().int() }))
      .meta({ description: `the ${TOP} members who wrote most posts, comments and photos over the ${DAYS} days` }),
    waiting: z.number().int().meta({ description: 'items and members awaiting approval' }),
  })
  .meta({ title: 'Dashboard' });

export const dashboardEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Dashboard',
    allow: 'admin',
    extension: true,
    summary: `The administrators' dashboard: per day over the last ${DAYS} days new members, posts, comments and photos; the most used tags; the most active members; how many items await approval.`,
    params: z.object({}),
    reply: 'entry',
    entry: dashboardEntry,
    handle: async (ctx) => {
      const networkId = ctx.network.id;
      const today = Math.floor(ctx.now / DAY_MS);
      const first = today - (DAYS - 1);
      const [daily, tags, authors, waiting] = await Promise.all([
        ctx.db.selectFrom('stat_daily').select(['day', 'kind', 'n']).where('network_id', '=', networkId).where('day', '>=', first).where('day', '<=', today).execute(),
        ctx.db.selectFrom('stat_tags').select(['value', 'n']).where('network_id', '=', networkId).where('n', '>', 0).orderBy('n', 'desc').orderBy('value').limit(TOP).execute(),
        ctx.db
          .selectFrom('stat_daily_authors as s')
          .innerJoin('accounts as a', 'a.id', 's.account_id')
          .select(['a.screen_name', 'a.full_name', 'a.icon_url', sql<number>`sum(s.n)`.as('n')])
          .where('s.network_id', '=', networkId)
          .where('s.day', '>=', first)
          .groupBy(['s.account_id', 'a.screen_name', 'a.full_name', 'a.icon_url'])
          .having(sql`sum(s.n)`, '>', 0)
          .orderBy(sql`sum(s.n)`, 'desc')
          .orderBy('a.screen_name')
          .limit(TOP)
          .execute(),
        countQueue(ctx.db, networkId, queueTypes),
      ]);
      const days = Array.from({ length: DAYS }, (_, i) => {
        const day = first + i;
        const counts = Object.fromEntries(KINDS.map((kind) => [kind, Number(daily.find((r) => Number(r.day) === day && r.kind === kind)?.n ?? 0)]));
        return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), ...counts };
      });
      return {
        entry: {
          days,
          topTags: tags.map((t) => ({ value: t.value, count: Number(t.n) })),
          activeMembers: authors.map((a) => {
            const person = { screenName: a.screen_name, fullName: a.full_name, iconUrl: a.icon_url };
            return { author: a.screen_name, fullName: a.full_name, iconUrl: iconUrlOf(ctx.present, person), url: memberUrl(ctx.present, a.screen_name), count: Number(a.n) };
          }),
          waiting,
        },
      };
    },
  }),
];

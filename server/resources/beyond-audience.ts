// Whether a signed-in viewer sees anything their audience (scope.ts: `visibleToAudience`) does
// not: then their replies are their own, and the replies kept for the audience are not theirs.
// What the scope grants one viewer beyond their audience is their own items the audience
// cannot see (drafts, scheduled, unapproved, friends-only or me-only), their own comments and
// the comments on their items that await approval, and (members) their friends' friends-only
// items. Read in one query from the viewer's own rows and their friends', through indexes.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { visibleToAudience } from '../lib/scope';
import { contentTypes } from './content/types';

/** The audiences whose replies are shared: an active member's, an administrator's (and the Network Creator's). */
export type SharedAudience = 'members' | 'moderators';

/**
 * True when the viewer may see an item or comment that every other viewer of `audience` on
 * the network does not. Errs only towards true: a friend's friends-only item counts whether
 * or not it is published yet (it becomes visible without a write when it is due), and an own
 * item scheduled at `now` counts until it is due.
 */
export async function seesBeyondAudience(db: Db, networkId: number, viewerId: number, audience: SharedAudience, now: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => {
      const arms: Expression<SqlBool>[] = [];
      for (const { table, publishable } of Object.values(contentTypes)) {
        const items = `${table} as x` as 'blog_posts as x';
        arms.push(
          eb.exists(
            eb
              .selectFrom(items)
              .select(sql.lit(1).as('one'))
              .where('x.network_id', '=', networkId)
              .where('x.author_id', '=', viewerId)
              .where((inner) => inner.not(visibleToAudience(inner, { alias: 'x', publishable }, audience, now))),
          ),
        );
        // Moderators see every published item whatever its visibility: friendships add nothing.
        if (audience === 'members') {
          // Friendships are written both ways, so the viewer's side names every friend.
          arms.push(
            eb.exists(
              eb
                .selectFrom('friendships as f')
                .innerJoin(items, (join) => join.onRef('x.network_id', '=', 'f.network_id').onRef('x.author_id', '=', 'f.friend_account_id'))
                .select(sql.lit(1).as('one'))
                .where('f.network_id', '=', networkId)
                .where('f.account_id', '=', viewerId)
                .where('f.state', '=', 'friend')
                // As written, so that the index of friends-only items (migration 0086) serves it.
                .where(sql<SqlBool>`x.visibility = 'friends'`),
            ),
          );
        }
      }
      // Moderators read every comment; a member also reads their own and those on their items.
      if (audience === 'members') {
        for (const column of ['c.author_id', 'c.attached_to_author_id'] as const) {
          arms.push(
            eb.exists(
              eb.selectFrom('comments as c').select(sql.lit(1).as('one')).where('c.network_id', '=', networkId).where(column, '=', viewerId).where('c.approved', '=', 0),
            ),
          );
        }
      }
      return eb.or(arms).as('beyond');
    })
    .executeTakeFirstOrThrow();
  return Boolean(Number(row.beyond));
}

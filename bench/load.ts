// Loads a network of realistic size straight into the database, in bulk (multi-row inserts
// in large transactions, not through the HTTP API): members with friendships, blog posts with
// tags, featured items, comments (one post with a long thread) and activity events.
import { sql } from 'kysely';
import { isPostgres, type Db, type Tx } from '../server/db/database';
import { hashPassword } from '../server/lib/passwords';

export interface Size {
  posts: number;
  members: number;
  comments: number;
  activity: number;
  /** Comments on the first post, for the long thread the benchmark pages. */
  thread: number;
  /** Friends per member. */
  friends: number;
  /** Plant the items of `Loaded.owner`, which only they see (the benchmark's own network). */
  ownItems?: boolean;
}

export const MEMBER_PASSWORD = 'bench-member-password';
const BATCH = 2000;
const TAGS = 500;
const DAY = 86_400_000;

export interface Loaded {
  networkId: number;
  /** Account ids of the members, in creation order. */
  members: { id: number; screenName: string; email: string }[];
  /** The post with the long thread, the newest post, and a tag and an author to filter by. */
  threadPost: number;
  tag: string;
  author: string;
  postIds: number[];
  /** A post a third of the way from the oldest, and its creation time: the key of a deep anchor. */
  deepPost: { id: number; createdAt: number };
  /**
   * With `Size.ownItems`: the member `author` names, who sees something of their own in every
   * reply the benchmark reads, which no other member or visitor sees (see `plantOwnItems`).
   */
  owner?: OwnItems;
}

/** What the owner of the planted items has, and the text that shows each in a reply. */
export interface OwnItems {
  email: string;
  /** Their newest post, a draft tagged with `tag`. */
  draft: number;
  /** A friends-only post of theirs, the first after the deep anchor. */
  deep: number;
  /** Their featured post that only they see, the last featured. */
  featured: number;
  /** Their comment on the long thread, awaiting approval, its newest. */
  comment: number;
  /** `request`: the state of the friend request a member sent them, which only they see in their friend list. */
  titles: { draft: string; deep: string; featured: string; comment: string; activity: string; request: string };
}

/** Adds `size` of content to the network (its Network Creator exists); returns what the benchmark addresses. */
export async function loadNetwork(db: Db, networkId: number, size: Size, progress: (text: string) => void): Promise<Loaded> {
  return withBulkSettings(db, () => load(db, networkId, size, progress));
}

/**
 * Runs `body` with SQLite set for a bulk load, as it was after: a page cache that holds the
 * indexes a million rows make (the default 2 MB cache reads and writes their pages again and
 * again as they grow: 1,000,000 comments loaded in 92 s instead of 54 s), and commits that do
 * not wait for the disk (the network is thrown away after the run; a crash loses nothing worth
 * keeping). On PostgreSQL, `transaction` does the latter.
 */
async function withBulkSettings<T>(db: Db, body: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return body();
  const setting = async (name: string) => Object.values((await sql.raw<Record<string, number>>(`pragma ${name}`).execute(db)).rows[0]!)[0]!;
  const was = { cache: await setting('cache_size'), synchronous: await setting('synchronous') };
  await sql.raw('pragma cache_size = -262144').execute(db);
  await sql.raw('pragma synchronous = OFF').execute(db);
  try {
    return await body();
  } finally {
    await sql.raw(`pragma cache_size = ${was.cache}`).execute(db);
    await sql.raw(`pragma synchronous = ${was.synchronous}`).execute(db);
  }
}

/**
 * A transaction of the load; on PostgreSQL its commit does not wait for the disk either. It
 * starts after the process's pending events: SQLite's driver answers at once, so a load
 * would otherwise hold the event loop until it ends (and what runs beside it, Lighthouse
 * and the build it waits for, would wait too).
 */
async function transaction<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  await new Promise((resolve) => setImmediate(resolve));
  return db.transaction().execute(async (tx) => {
    if (isPostgres(db)) await sql`set local synchronous_commit = off`.execute(tx);
    return body(tx);
  });
}

async function load(db: Db, networkId: number, size: Size, progress: (text: string) => void): Promise<Loaded> {
  const now = Date.now();
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const tag = (n: number) => `topic${n % TAGS}`;
  const prefix = `n${networkId}`;

  // Members: accounts joined over the last year.
  const members: Loaded['members'] = [];
  for (let start = 0; start < size.members; start += BATCH) {
    const count = Math.min(BATCH, size.members - start);
    await transaction(db, async (tx) => {
      const rows = Array.from({ length: count }, (_, i) => {
        const n = start + i;
        const t = now - 365 * DAY + Math.floor((n / size.members) * 300 * DAY);
        return {
          email: `member${n}@${prefix}.bench.example`,
          password_hash: passwordHash,
          screen_name: `${prefix}m${n}`,
          full_name: `Member ${n} ${['Lee', 'Garcia', 'Okafor', 'Novak', 'Tanaka'][n % 5]}`,
          sort_name: `member ${n}`,
          icon_url: n % 3 === 0 ? `https://images.example/${n}.png` : null,
          created_at: t,
          updated_at: t,
        };
      });
      const ids = await tx.insertInto('accounts').values(rows).returning(['id', 'screen_name', 'email', 'created_at']).execute();
      await tx
        .insertInto('members')
        .values(ids.map((r, i) => ({
          network_id: networkId, account_id: r.id, role: 'member' as const, state: 'active' as const,
          featured_at: (start + i) % 200 === 0 ? r.created_at + 1 : null, created_at: r.created_at, updated_at: r.created_at,
        })))
        .execute();
      for (const r of ids) members.push({ id: r.id, screenName: r.screen_name, email: r.email });
    });
  }
  progress(`${members.length} members`);

  // Friendships: each member with the next `friends` members, both directions.
  const friendRows: { a: number; b: number }[] = [];
  for (let i = 0; i < members.length; i++) {
    for (let k = 1; k <= size.friends / 2; k++) friendRows.push({ a: members[i]!.id, b: members[(i + k) % members.length]!.id });
  }
  await inBatches(db, friendRows, BATCH / 2, (tx, batch) =>
    tx
      .insertInto('friendships')
      .values(batch.flatMap(({ a, b }, i) => {
        const t = now - (i % 1000) * 60_000;
        return [
          { network_id: networkId, account_id: a, friend_account_id: b, state: 'friend' as const, created_at: t, updated_at: t },
          { network_id: networkId, account_id: b, friend_account_id: a, state: 'friend' as const, created_at: t, updated_at: t },
        ];
      }))
      .execute(),
  );
  progress(`${friendRows.length * 2} friendships`);

  // Posts over the last 200 days, newest last; every 500th featured.
  const postIds: number[] = [];
  const span = 200 * DAY;
  for (let start = 0; start < size.posts; start += BATCH) {
    const count = Math.min(BATCH, size.posts - start);
    await transaction(db, async (tx) => {
      const rows = Array.from({ length: count }, (_, i) => {
        const n = start + i;
        const t = now - span + Math.floor((n / size.posts) * span) - 60_000;
        return {
          network_id: networkId, author_id: members[(n * 7919) % members.length]!.id,
          title: `Notes on ${tag(n)} and ${tag(n + 17)}, part ${n}`,
          description: `<p>Post ${n}: a paragraph or two of what a member wrote about ${tag(n)}, with <strong>some</strong> formatting.</p><p>And a second paragraph.</p>`,
          publish_status: 'publish' as const, publish_time: t, visibility: 'all' as const, approved: 1 as const,
          featured_at: n % 500 === 0 ? t + 1000 : null, created_at: t, updated_at: t,
        };
      });
      const ids = await tx.insertInto('blog_posts').values(rows).returning('id').execute();
      // Tags with their post's date, which the database then need not write again (migration
      // 0088); half a batch at a time, within SQLite's limit of variables in a statement.
      for (let first = 0; first < ids.length; first += BATCH / 2) {
        await tx
          .insertInto('item_tags')
          .values(ids.slice(first, first + BATCH / 2).flatMap(({ id }, j) => [0, 1, 2].map((k) => ({
            network_id: networkId, item_type: 'BlogPost', item_id: id, value: tag(start + first + j + k * 37), position: k, created_at: rows[first + j]!.created_at,
          }))))
          .execute();
      }
      for (const { id } of ids) postIds.push(id);
    });
  }
  progress(`${postIds.length} posts with 3 tags each`);

  // Comments: a long thread on one post, the rest spread over the posts.
  const threadPost = postIds[Math.floor(postIds.length / 2)]!;
  const threadAuthor = members[(Math.floor(postIds.length / 2) * 7919) % members.length]!.id;
  for (let start = 0; start < size.comments; start += BATCH) {
    const count = Math.min(BATCH, size.comments - start);
    await transaction(db, async (tx) => {
      await tx
        .insertInto('comments')
        .values(Array.from({ length: count }, (_, i) => {
          const n = start + i;
          const onThread = n < size.thread;
          const p = onThread ? Math.floor(postIds.length / 2) : (n * 104_729) % postIds.length;
          const t = now - Math.floor(((size.comments - n) / size.comments) * span);
          return {
            network_id: networkId, author_id: members[(n * 31) % members.length]!.id, attached_to_type: 'BlogPost',
            attached_to_id: onThread ? threadPost : postIds[p]!, attached_to_author_id: onThread ? threadAuthor : members[(p * 7919) % members.length]!.id,
            description: `<p>Comment ${n}: I agree, mostly.</p>`, approved: 1 as const, featured_at: null, created_at: t, updated_at: t,
          };
        }))
        .execute();
    });
    if ((start / BATCH) % 100 === 99) progress(`${start + count} comments`);
  }
  progress(`${size.comments} comments (${size.thread} on one post)`);

  // Activity: a new post or a comment, newest last.
  for (let start = 0; start < size.activity; start += BATCH) {
    const count = Math.min(BATCH, size.activity - start);
    await transaction(db, async (tx) => {
      await tx
        .insertInto('activities')
        .values(Array.from({ length: count }, (_, i) => {
          const n = start + i;
          const p = (n * 7) % postIds.length;
          const t = now - Math.floor(((size.activity - n) / size.activity) * span);
          return {
            uuid: `${prefix}-activity-${n}`, network_id: networkId, author_id: members[(n * 13) % members.length]!.id,
            type: 'CreateBlogPost', content_type: 'BlogPost', content_id: postIds[p]!, attached_to_type: null, attached_to_id: null,
            attached_to_author_id: null, title: `Notes, part ${p}`, description: null, created_at: t,
          };
        }))
        .execute();
    });
  }
  progress(`${size.activity} activity events`);
  const deepIndex = Math.floor(postIds.length / 3);
  const deepPost = { id: postIds[deepIndex]!, createdAt: now - span + Math.floor((deepIndex / size.posts) * span) - 60_000 };
  const author = members[7919 % members.length]!;
  const owner = size.ownItems
    ? await plantOwnItems(db, {
        networkId, author: author.id, email: author.email, tag: tag(1), threadPost, threadAuthor, deepKey: deepPost.createdAt, now,
        // Half the network away: no friend of theirs, nor the member or the member with a draft the benchmark signs in as.
        asker: members[(7919 + Math.floor(members.length / 2)) % members.length]!.id,
      })
    : undefined;
  // A bulk load leaves the planner without statistics until autovacuum (PostgreSQL) or an
  // ANALYZE (SQLite) catches up; measure the steady state a live network is in. On PostgreSQL
  // that includes a vacuum: until one, index-only reads (an item's tags, its comment count)
  // still visit the table for every row (and a database server set up for tests may run no
  // autovacuum). Only the schema's own tables: the database may hold others.
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
    await sql`vacuum analyze ${sql.join(rows.map((r) => sql.table(r.name)))}`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  return { networkId, members, threadPost, tag: tag(1), author: author.screenName, postIds, deepPost, owner };
}

/**
 * Items of one member that only they see, each where a reply the benchmark reads for them
 * shows it, so that no reply of theirs is the one their audience shares: their newest post, a
 * draft with the benchmark's tag (recent, count, by tag, by author, 100 ids, the tag cloud); a
 * friends-only post just after the deep anchor; a featured post only they see, the last
 * featured, and an event about it, the newest; their comment on the long thread, awaiting
 * approval, its newest; and a friend request from a member, the newest change of their friend list.
 */
async function plantOwnItems(
  db: Db,
  o: { networkId: number; author: number; email: string; tag: string; threadPost: number; threadAuthor: number; deepKey: number; now: number; asker: number },
): Promise<OwnItems> {
  const titles = {
    draft: 'Own draft, not finished yet',
    deep: 'Own post for friends, from long ago',
    featured: 'Own featured post, for its author alone',
    comment: 'Own comment, awaiting approval',
    activity: 'Own event, about a post for its author alone',
    request: 'friend_request',
  };
  return transaction(db, async (tx) => {
    const post = (title: string, t: number, more: { publish_status?: 'draft'; visibility: 'all' | 'friends' | 'me'; featured_at?: number }) =>
      tx
        .insertInto('blog_posts')
        .values({
          network_id: o.networkId, author_id: o.author, title, description: `<p>${title}.</p>`, publish_status: 'publish', publish_time: t,
          approved: 1, featured_at: null, created_at: t, updated_at: t, ...more,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const draft = await post(titles.draft, o.now, { publish_status: 'draft', visibility: 'all' });
    await tx.insertInto('item_tags').values({ network_id: o.networkId, item_type: 'BlogPost', item_id: draft, value: o.tag, position: 0, created_at: o.now }).execute();
    const deep = await post(titles.deep, o.deepKey - 1, { visibility: 'friends' });
    const featured = await post(titles.featured, o.now - 30 * DAY, { visibility: 'me', featured_at: o.now });
    const comment = await tx
      .insertInto('comments')
      .values({
        network_id: o.networkId, author_id: o.author, attached_to_type: 'BlogPost', attached_to_id: o.threadPost, attached_to_author_id: o.threadAuthor,
        description: `<p>${titles.comment}.</p>`, approved: 0, featured_at: null, created_at: o.now, updated_at: o.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('activities')
      .values({
        uuid: `n${o.networkId}-activity-own`, network_id: o.networkId, author_id: o.author, type: 'CreateBlogPost', content_type: 'BlogPost',
        content_id: featured, attached_to_type: null, attached_to_id: null, attached_to_author_id: null, title: titles.activity, description: null, created_at: o.now,
      })
      .execute();
    const side = (account: number, friend: number, state: 'pending' | 'friend_request') =>
      ({ network_id: o.networkId, account_id: account, friend_account_id: friend, state, created_at: o.now, updated_at: o.now });
    await tx.insertInto('friendships').values([side(o.author, o.asker, 'friend_request'), side(o.asker, o.author, 'pending')]).execute();
    return { email: o.email, draft, deep, featured, comment: comment.id, titles };
  });
}

async function inBatches<T>(db: Db, rows: T[], size: number, insert: (tx: Tx, batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size * 10) {
    await transaction(db, async (tx) => {
      for (let i = start; i < Math.min(rows.length, start + size * 10); i += size) await insert(tx, rows.slice(i, i + size));
    });
  }
}

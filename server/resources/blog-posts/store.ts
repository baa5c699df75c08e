// BlogPost rows through the query builder: reads through the content store (whose visibility
// scope keeps drafts and queued posts their authors' own), then writes and removal.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { publishedBy, type ScopeContext } from '../../lib/scope';
import type { Database } from '../../db/schema';
import { contentStore, type ContentStore } from '../content/store';
import type { BlogPostItem } from './schema';

function selectPosts(db: Db) {
  return db
    .selectFrom('blog_posts as p')
    .innerJoin('accounts as a', 'a.id', 'p.author_id')
    .select([
      'p.id', 'p.network_id', 'p.author_id', 'p.title', 'p.description', 'p.publish_status', 'p.publish_time',
      'p.visibility', 'p.approved', 'p.featured_at', 'p.created_at', 'p.updated_at',
      'a.screen_name', 'a.full_name', 'a.icon_url',
    ]);
}

type PostFilters = { publishStatus: 'draft' | 'queued' | 'publish' };

/** A post's state as read at `now`: a published post whose time has not come is queued. */
function inState(publishStatus: PostFilters['publishStatus'], { now }: ScopeContext): Expression<SqlBool>[] {
  if (publishStatus === 'draft') return [sql<SqlBool>`p.publish_status = 'draft'`];
  if (publishStatus === 'queued') return [sql<SqlBool>`(p.publish_status = 'publish' and p.publish_time > ${now})`];
  return [publishedBy('p', now)];
}

export const postStore: ContentStore<BlogPostItem, PostFilters> = contentStore({
  type: 'BlogPost',
  alias: 'p',
  select: selectPosts,
  fieldColumns: { publishTime: ['p.publish_time'], publishStatus: ['p.publish_status', 'p.publish_time'] },
  publishable: true,
  filters: { publishStatus: inState },
});

/** The stored row, without the visibility scope: for permission checks on writes. */
export function findPostRow(db: Db | Tx, networkId: number, id: number) {
  return db.selectFrom('blog_posts').selectAll().where('network_id', '=', networkId).where('id', '=', id).executeTakeFirst();
}

export async function insertPost(tx: Tx, values: Omit<Database['blog_posts'], 'id'> & { id?: never }): Promise<number> {
  const row = await tx.insertInto('blog_posts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePost(tx: Tx, id: number, patch: Partial<Omit<Database['blog_posts'], 'id'>>) {
  await tx.updateTable('blog_posts').set(patch).where('id', '=', id).execute();
}

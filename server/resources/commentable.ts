// The content types members can comment on, and how to find one of them that the caller
// may see. Comments of an item the caller cannot see are as invisible as the item.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { visibleItem, type ScopeContext } from '../lib/scope';

export interface CommentableType {
  table: 'blog_posts' | 'photos' | 'forum_topics' | 'videos';
  publishable: boolean;
  /** A 0/1 column that, when set, closes the item to new comments. */
  closed?: 'is_closed';
}

export const commentableTypes: Record<string, CommentableType> = {
  BlogPost: { table: 'blog_posts', publishable: true },
  Photo: { table: 'photos', publishable: false },
  Topic: { table: 'forum_topics', publishable: false, closed: 'is_closed' },
  Video: { table: 'videos', publishable: false },
};

/** The item with its author and whether it is closed, if it exists in this network and the caller may see it. */
export async function findVisibleItem(db: Db, scope: ScopeContext, type: string, id: number) {
  // Own keys only: a type named `constructor` must not find Object.prototype's.
  const t = Object.hasOwn(commentableTypes, type) ? commentableTypes[type] : undefined;
  if (!t) return undefined;
  return db
    .selectFrom(`${t.table} as x` as 'blog_posts as x')
    .select(['x.id', 'x.author_id', sql<number>`${t.closed ? sql.ref(`x.${t.closed}`) : sql.lit(0)}`.as('closed')])
    .where('x.id', '=', id)
    .where('x.network_id', '=', scope.network.id)
    .where((eb) => visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope))
    .executeTakeFirst();
}

/** True for comments (aliased `alias`) whose item the caller may see. */
export function onVisibleItem(eb: ExpressionBuilder<any, any>, alias: string, scope: ScopeContext): Expression<SqlBool> {
  return namesVisibleItem(eb, { type: `${alias}.attached_to_type`, id: `${alias}.attached_to_id` }, scope);
}

/** True where a type column and an id column name a commentable item the caller may see: one EXISTS per type. */
export function namesVisibleItem(
  eb: ExpressionBuilder<any, any>,
  columns: { type: string; id: string },
  scope: ScopeContext,
): Expression<SqlBool> {
  return eb.or(
    Object.entries(commentableTypes).map(
      ([type, t]) => sql<SqlBool>`(${sql.ref(columns.type)} = ${type} and exists (
        select 1 from ${sql.table(t.table)} as x
        where x.id = ${sql.ref(columns.id)} and ${visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope)}))`,
    ),
  );
}

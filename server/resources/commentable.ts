// The content types members can comment on, and how to find one of them that the caller
// may see. Comments of an item the caller cannot see are as invisible as the item.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { visibleItem, type ScopeContext } from '../lib/scope';

export interface CommentableType {
  table: 'blog_posts';
  publishable: boolean;
}

export const commentableTypes: Record<string, CommentableType> = {
  BlogPost: { table: 'blog_posts', publishable: true },
};

/** The item with its author, if it exists in this network and the caller may see it. */
export async function findVisibleItem(db: Db, scope: ScopeContext, type: string, id: number) {
  const t = commentableTypes[type];
  if (!t) return undefined;
  return db
    .selectFrom(`${t.table} as x` as 'blog_posts as x')
    .select(['x.id', 'x.author_id'])
    .where('x.id', '=', id)
    .where('x.network_id', '=', scope.network.id)
    .where((eb) => visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope))
    .executeTakeFirst();
}

/** True for comments (aliased `alias`) whose item the caller may see. */
export function onVisibleItem(eb: ExpressionBuilder<any, any>, alias: string, scope: ScopeContext): Expression<SqlBool> {
  return eb.or(
    Object.entries(commentableTypes).map(
      ([type, t]) => sql<SqlBool>`(${sql.ref(`${alias}.attached_to_type`)} = ${type} and exists (
        select 1 from ${sql.table(t.table)} as x
        where x.id = ${sql.ref(`${alias}.attached_to_id`)} and ${visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope)}))`,
    ),
  );
}

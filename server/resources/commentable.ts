// Finding a content item (content/types.ts) that the caller may see: members comment on
// those, and comments of an item the caller cannot see are as invisible as the item.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared';
import { scopeOf, scopeShape, scopeValues, visibleItem, type ScopeContext, type ScopeShape, type ScopeValues } from '../lib/scope';
import { contentType, contentTypes, type ContentType, type ContentTypeName } from './content/types';

// Compiled once per content type and scope shape: each comment listing and comment reads it.
const visibleItemQuery = preparedQuery((db: Db, s: { type: ContentTypeName; scope: ScopeShape }, v: ScopeValues & { id: number }) => {
  const t = contentType(s.type)!;
  const scope = scopeOf(s.scope, v);
  return db
    .selectFrom(`${t.table} as x` as 'blog_posts as x')
    .select(['x.id', 'x.author_id', sql<number>`${t.closed ? sql.ref(`x.${t.closed}`) : sql.lit(0)}`.as('closed')])
    .where((eb) => isItemSeen(eb, t, v.id, scope));
});

/** True where the item `x` of type `t` is `id`, in this network, and the caller may see it. */
function isItemSeen(eb: ExpressionBuilder<any, any>, t: ContentType, id: number, scope: ScopeContext): Expression<SqlBool> {
  return eb.and([eb('x.id', '=', id), eb('x.network_id', '=', scope.network.id), visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope)]);
}

/** The item with its author and whether it is closed, if it exists in this network and the caller may see it. */
export async function findVisibleItem(db: Db, scope: ScopeContext, type: string, id: number) {
  if (!contentType(type)) return undefined;
  const [row] = await visibleItemQuery(db, { type: type as ContentTypeName, scope: scopeShape(scope) }, { ...scopeValues(scope), id });
  return row;
}

/**
 * True when the item `type` `id` (a value, not a column) exists in this network and the caller
 * may see it: a condition on no row of the statement, which both databases check once per run.
 */
export function isVisibleItem(eb: ExpressionBuilder<any, any>, type: ContentTypeName, id: number, scope: ScopeContext): Expression<SqlBool> {
  const t = contentType(type)!;
  return sql<SqlBool>`exists (select 1 from ${sql.table(t.table)} as x where ${isItemSeen(eb, t, id, scope)})`;
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
  return namesItem(eb, columns, (t) => visibleItem(eb, { alias: 'x', publishable: t.publishable }, scope));
}

/**
 * True where a type column and an id column name an item (aliased `x` in `where`) for which
 * `where` holds: one EXISTS per content type, or only `type`'s.
 */
export function namesItem(
  eb: ExpressionBuilder<any, any>,
  columns: { type: string; id: string },
  where: (t: ContentType) => Expression<SqlBool>,
  type?: ContentTypeName,
): Expression<SqlBool> {
  const types = Object.entries(contentTypes).filter(([name]) => type === undefined || name === type);
  return eb.or(
    types.map(
      ([name, t]) => sql<SqlBool>`(${sql.ref(columns.type)} = ${name} and exists (
        select 1 from ${sql.table(t.table)} as x
        where x.id = ${sql.ref(columns.id)} and ${where(t)}))`,
    ),
  );
}

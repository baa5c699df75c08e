// Searching: the words of a query matched in each database's own full-text index, ranked
// (bm25 on SQLite's FTS5 with the title weighing ten times the body; ts_rank on PostgreSQL's
// tsvectors with the title as weight A), newest first among equals, and filtered through the
// same visibility scope as every other read before the page is cut.
import { expressionBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import { visibleItem, type ScopeContext } from '../../lib/scope';
import { visibleMember } from '../users/store';
import { plainText, searchKinds, type SearchKind } from './indexing';

export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  /** The description as plain text (posts, topics, photos), or the member's status and location. */
  text: string;
  created_at: number;
  author: { screenName: string; fullName: string; iconUrl: string | null };
}

const MAX_TERMS = 12;

/** The words of a query, as each index reads them: letters and digits only, so no query syntax gets through. */
export function queryTerms(q: string): string[] {
  return [...new Set((q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS))];
}

const ftsQuery = (terms: string[]) => terms.map((t) => `"${t}"*`).join(' ');
const tsQuery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');

const contentTables = { BlogPost: 'blog_posts', Topic: 'forum_topics', Photo: 'photos' } as const;

/** One page of what the caller may see of `kind` that matches every term (each as a word prefix). */
export async function search(
  db: Db,
  dialect: Dialect,
  scope: ScopeContext,
  kind: SearchKind,
  terms: string[],
  offset: number,
  count: number,
): Promise<{ hits: SearchHit[]; more: boolean }> {
  const code = searchKinds[kind];
  // The matches come first, in a subquery of their own: SQLite would otherwise drop the MATCH
  // when it reaches the index by rowid from another table of the join.
  const matched =
    dialect === 'sqlite'
      ? sql`(select rowid / 4 as item_id, -bm25(search_fts, 10.0, 1.0) as score from search_fts
            where search_fts match ${ftsQuery(terms)} and rowid % 4 = ${code})`
      : sql`(select item_id, ts_rank(tsv, query) as score from search_documents, to_tsquery('simple', ${tsQuery(terms)}) query
            where kind = ${code} and network_id = ${scope.network.id} and tsv @@ query)`;

  const eb = expressionBuilder<any, any>();
  const item =
    kind === 'User'
      ? {
          table: sql`members i`,
          author: sql.ref('i.account_id'),
          text: sql`coalesce(i.status_message, '')`,
          visible: visibleMember(eb, 'i', scope),
        }
      : {
          table: sql`${sql.table(contentTables[kind])} i`,
          author: sql.ref('i.author_id'),
          text: sql`i.description`,
          visible: visibleItem(eb, { alias: 'i', publishable: kind === 'BlogPost' }, scope),
        };
  const title = kind === 'User' ? sql`a.full_name` : sql`i.title`;
  const query = sql<{
    id: number;
    title: string;
    text: string;
    created_at: number;
    screen_name: string;
    full_name: string;
    icon_url: string | null;
  }>`
    select i.id, ${title} as title, ${item.text} as text, i.created_at, a.screen_name, a.full_name, a.icon_url, m.score
    from ${matched} m join ${item.table} on i.id = m.item_id join accounts a on a.id = ${item.author}
    where i.network_id = ${scope.network.id} and (${item.visible})
    order by m.score desc, i.created_at desc, i.id desc
    limit ${count + 1} offset ${offset}`;
  const { rows } = await query.execute(db);
  const hits = rows.slice(0, count).map((r) => ({
    kind,
    id: Number(r.id),
    title: r.title,
    text: kind === 'User' ? r.text : plainText(r.text),
    created_at: Number(r.created_at),
    author: { screenName: r.screen_name, fullName: r.full_name, iconUrl: r.icon_url },
  }));
  return { hits, more: rows.length > count };
}

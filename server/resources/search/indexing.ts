// Keeping the search index current. Every write of an indexed item calls these inside its own
// transaction, so the index never disagrees with what was committed: content writes through
// content/service.ts, members through users/store.ts. The index holds words only; who may see
// a result is decided when searching, through the visibility scope.
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { ContentTypeName } from '../content/types';

/** The searchable kinds and their codes in the index. */
export const searchKinds = { BlogPost: 0, Topic: 1, Photo: 2, User: 3 } as const;
export type SearchKind = keyof typeof searchKinds;

const contentTable = { BlogPost: 'blog_posts', Topic: 'forum_topics', Photo: 'photos' } as const;

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The words of an HTML description: no markup, entities read. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

async function write(db: Kysely<any>, kind: SearchKind, id: number, doc: { networkId: number; title: string; body: string } | null) {
  const code = searchKinds[kind];
  if (isSqlite(db)) {
    const rowid = id * 4 + code;
    await sql`delete from search_fts where rowid = ${rowid}`.execute(db);
    if (doc) await sql`insert into search_fts (rowid, title, body) values (${rowid}, ${doc.title}, ${doc.body})`.execute(db);
    return;
  }
  if (!doc) {
    await sql`delete from search_documents where kind = ${code} and item_id = ${id}`.execute(db);
    return;
  }
  await sql`
    insert into search_documents (kind, item_id, network_id, tsv)
    values (${code}, ${id}, ${doc.networkId},
      setweight(to_tsvector('simple', ${doc.title}), 'A') || setweight(to_tsvector('simple', ${doc.body}), 'B'))
    on conflict (kind, item_id) do update set tsv = excluded.tsv, network_id = excluded.network_id`.execute(db);
}

/** Indexes a post, topic or photo as it now stands (other content types are not searched). */
export async function reindexContent(db: Kysely<any>, type: ContentTypeName, id: number): Promise<void> {
  if (!(type in contentTable)) return;
  const table = contentTable[type as keyof typeof contentTable];
  const row = await db.selectFrom(table).select(['network_id', 'title', 'description']).where('id', '=', id).executeTakeFirst();
  await write(db, type as SearchKind, id, row ? { networkId: Number(row.network_id), title: row.title, body: plainText(row.description) } : null);
}

export async function unindexContent(db: Kysely<any>, type: ContentTypeName, id: number): Promise<void> {
  if (type in contentTable) await write(db, type as SearchKind, id, null);
}

/** Indexes members by name and screen name, with their location and status as the body. */
export async function reindexMembers(db: Kysely<any>, where: { memberId: number } | { accountId: number }): Promise<void> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.id', 'm.network_id', 'a.full_name', 'a.screen_name', 'a.location', 'm.status_message'])
    .where('memberId' in where ? 'm.id' : 'm.account_id', '=', 'memberId' in where ? where.memberId : where.accountId)
    .execute();
  for (const r of rows) {
    const body = [r.screen_name, r.location, r.status_message].filter(Boolean).join(' ');
    await write(db, 'User', Number(r.id), { networkId: Number(r.network_id), title: r.full_name, body });
  }
}

export async function unindexMember(db: Kysely<any>, memberId: number): Promise<void> {
  await write(db, 'User', memberId, null);
}

/** Indexes everything of a network (after an import), or of every network. */
export async function reindexAll(db: Kysely<any>, networkId?: number): Promise<void> {
  for (const type of Object.keys(contentTable) as (keyof typeof contentTable)[]) {
    let q = db.selectFrom(contentTable[type]).select('id');
    if (networkId !== undefined) q = q.where('network_id', '=', networkId);
    for (const { id } of await q.execute()) await reindexContent(db, type, Number(id));
  }
  let members = db.selectFrom('members').select('id');
  if (networkId !== undefined) members = members.where('network_id', '=', networkId);
  for (const { id } of await members.execute()) await reindexMembers(db, { memberId: Number(id) });
}

// Accounts (one per person, across networks) and memberships (one per network joined).
// Member reads go through `visibleMember`: pending and blocked members are seen only by
// administrators (and by themselves); everybody else sees active members.
import { reindexMembers, unindexMember } from '../search/indexing';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { AccountTable, Member, MemberState, MemberTable, Role } from '../../db/schema';
import type { KeysetOrdering, Position } from '../../db/paging';
import { preparedPage } from '../../db/prepared-page';
import { ApiError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { screenName } from '../../lib/random';
import { isAdmin } from '../../lib/viewer';
import { scopeOf, scopeShape, scopeValues, type ScopeContext, type ScopeShape, type ScopeValues } from '../../lib/scope';
import { commentCountColumn } from '../comments/store';
import type { UserItem } from './schema';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const sortNameOf = (fullName: string) => fullName.trim().toLowerCase();

export function findAccountByEmail(db: Db | Tx, email: string) {
  return db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function createAccount(
  db: Db | Tx,
  input: { email: string; fullName: string } & ({ password: string } | { passwordHash: string }),
  now: number,
): Promise<{ id: number; screenName: string }> {
  const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    const name = screenName();
    // ON CONFLICT DO NOTHING rather than catching the violation: on PostgreSQL a failed
    // statement aborts the whole transaction, so nothing could be asked after it.
    const row = await db
      .insertInto('accounts')
      .values({
        email: normaliseEmail(input.email),
        password_hash: passwordHash,
        screen_name: name,
        full_name: input.fullName.trim(),
        sort_name: sortNameOf(input.fullName),
        icon_url: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, screenName: name };
    if (await findAccountByEmail(db, input.email)) throw new ApiError('duplicate', 'An account with this email already exists.');
    if (attempt > 5) throw new Error('No free screen name after several attempts.');
  }
}

/** Adds a membership; 409 when the account joined meanwhile (two requests at once). */
export async function addMember(db: Db | Tx, networkId: number, accountId: number, role: Role, state: MemberState, now: number) {
  const row = await db
    .insertInto('members')
    .values({ network_id: networkId, account_id: accountId, role, state, featured_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['network_id', 'account_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new ApiError('duplicate', 'You are already a member of this network.');
  await reindexMembers(db, { memberId: row.id });
  return row.id;
}

/**
 * Accounts (`a`) with their role and state in the network (null for both when no member):
 * what a caller is, for a query that picks the account, by id or by a credential joined to it.
 */
export function accountsInNetwork(db: Db, networkId: number) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('members as m', (j) => j.onRef('m.account_id', '=', 'a.id').on('m.network_id', '=', networkId))
    .select(['a.id', 'a.screen_name', 'm.role', 'm.state']);
}

/** An account with its role and state in the network (null for both when it is no member). */
export function accountInNetwork(db: Db, networkId: number, accountId: number) {
  return accountsInNetwork(db, networkId).where('a.id', '=', accountId).executeTakeFirst();
}

/** What `accountsInNetwork` reads of an account. */
export type AccountInNetwork = NonNullable<Awaited<ReturnType<typeof accountInNetwork>>>;

export function membership(db: Db | Tx, networkId: number, accountId: number) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The stored membership, if the caller may see that member: for permission checks on writes. */
export function findVisibleMemberRow(db: Db, scope: ScopeContext, memberId: number) {
  return db
    .selectFrom('members as m')
    .selectAll('m')
    .where('m.network_id', '=', scope.network.id)
    .where('m.id', '=', memberId)
    .where((eb) => visibleMember(eb, 'm', scope))
    .executeTakeFirst();
}

export interface MemberFilters {
  isMember?: boolean;
  approved?: boolean;
  createdAfter?: number;
  featured?: boolean;
  /** Administrators' search: text in the full name, email or screen name, case ignored. */
  search?: string;
  /** Administrators' filter: members in any of these states (`admin`: active administrators and the Network Creator). */
  states?: MemberStateFilter[];
}

export const memberStateFilters = ['pending', 'active', 'blocked', 'admin'] as const;
export type MemberStateFilter = (typeof memberStateFilters)[number];

export type MemberOrder = 'created' | 'alpha' | 'featured';

function selectMembers(db: Db) {
  return db
    .selectFrom('members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select([
      'm.id', 'm.account_id', 'm.role', 'm.state', 'm.featured_at', 'm.created_at', 'm.status_message', 'm.profile_questions',
      'a.email', 'a.screen_name', 'a.full_name', 'm.sort_name', 'a.icon_url', 'a.birthdate', 'a.gender', 'a.location',
      // Profile facts live on the account, so its changes count as the member's too.
      sql<number>`case when a.updated_at > m.updated_at then a.updated_at else m.updated_at end`.as('updated_at'),
      // With the member's row rather than in a query of its own per page.
      commentCountColumn('m', 'User').as('comment_count'),
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

/** Members (aliased `alias`) the caller may see. */
export function visibleMember(eb: ExpressionBuilder<any, any>, alias: string, scope: ScopeContext): Expression<SqlBool> {
  if (isAdmin(scope.viewer)) return sql<SqlBool>`1 = 1`;
  const own = scope.viewer.accountId === null ? [] : [sql<SqlBool>`${sql.ref(`${alias}.account_id`)} = ${scope.viewer.accountId}`];
  return eb.or([sql<SqlBool>`${sql.ref(`${alias}.state`)} = 'active'`, ...own]);
}

function scoped(db: Db, scope: ScopeContext, filters: MemberFilters = {}) {
  return filtered(selectMembers(db), scope, { ...filters, search: filters.search && searchPattern(filters.search) });
}

/** `query` narrowed to the members the caller may see that pass the filters, whose `search` is a LIKE pattern (searchPattern). */
function filtered(query: ReturnType<typeof selectMembers>, scope: ScopeContext, filters: MemberFilters) {
  let q = query
    .where('m.network_id', '=', scope.network.id)
    .where((eb) => visibleMember(eb, 'm', scope));
  if (filters.isMember !== undefined) q = q.where('m.state', filters.isMember ? '=' : '<>', 'active');
  if (filters.approved !== undefined) q = q.where('m.state', filters.approved ? '<>' : '=', 'pending');
  if (filters.createdAfter !== undefined) q = q.where('m.created_at', '>', filters.createdAfter);
  if (filters.featured) q = q.where('m.featured_at', 'is not', null);
  if (filters.search) {
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${filters.search} escape '\\'`;
    q = q.where((eb) => eb.or([like('a.sort_name'), like('a.email'), like('a.screen_name')]));
  }
  if (filters.states?.length) {
    const states = filters.states;
    q = q.where((eb) =>
      eb.or(
        states.map((state) =>
          state === 'admin' ? eb.and([eb('m.state', '=', 'active'), eb('m.role', 'in', ['admin', 'owner'])]) : eb('m.state', '=', state),
        ),
      ),
    );
  }
  return q;
}

function hydrate(rows: MemberRow[]): UserItem[] {
  return rows.map(({ comment_count, ...r }) => ({ ...r, profile_questions: parseAnswers(r.profile_questions), commentCount: Number(comment_count) }));
}

/** A search's LIKE pattern: the text anywhere, lower case, its wildcards taken literally. */
const searchPattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const parseAnswers = (json: string | null): Record<string, string> | null => (json === null ? null : JSON.parse(json));

/** Members by id and by screen name, in the order asked, each once; those the caller may not see are left out. */
export async function getMembers(db: Db, scope: ScopeContext, ids: number[], screenNames: string[]): Promise<UserItem[]> {
  if (ids.length === 0 && screenNames.length === 0) return [];
  const rows = await scoped(db, scope)
    .where((eb) => eb.or([...(ids.length ? [eb('m.id', 'in', ids)] : []), ...(screenNames.length ? [eb('a.screen_name', 'in', screenNames)] : [])]))
    .execute();
  const ordered = [
    ...ids.map((id) => rows.find((r) => r.id === id)),
    ...screenNames.map((name) => rows.find((r) => r.screen_name === name)),
  ].filter((r): r is MemberRow => r !== undefined);
  return hydrate([...new Set(ordered)]);
}

const orderings: Record<MemberOrder, KeysetOrdering<MemberRow>> = {
  created: { sortColumn: 'm.created_at', idColumn: 'm.id', order: 'desc' },
  alpha: { sortColumn: 'm.sort_name', idColumn: 'm.id', order: 'asc' },
  featured: { sortColumn: 'm.featured_at', idColumn: 'm.id', order: 'desc' },
};

/** What decides the SQL of a page of members (see db/prepared.ts): the values of the few-valued filters are in it. */
interface MembersShape {
  scope: ScopeShape;
  isMember: boolean | null;
  approved: boolean | null;
  createdAfter: boolean;
  search: boolean;
  states: MemberStateFilter[] | null;
  featured: boolean;
}

interface MembersValues extends ScopeValues {
  createdAfter: number;
  search: string;
}

function members(db: Db, s: MembersShape, v: MembersValues) {
  return filtered(selectMembers(db), scopeOf(s.scope, v), {
    ...(s.isMember !== null && { isMember: s.isMember }),
    ...(s.approved !== null && { approved: s.approved }),
    ...(s.createdAfter && { createdAfter: v.createdAfter }),
    ...(s.search && { search: v.search }),
    ...(s.states !== null && { states: s.states }),
    featured: s.featured,
  });
}

// Compiled once per shape, each order: building them per request cost more than running them.
const pages = {
  created: preparedPage(orderings.created, members),
  alpha: preparedPage(orderings.alpha, members),
  featured: preparedPage(orderings.featured, members),
} satisfies Record<MemberOrder, unknown>;

export async function listMembers(db: Db, scope: ScopeContext, filters: MemberFilters, order: MemberOrder, count: number, position: Position) {
  const shape: MembersShape = {
    scope: scopeShape(scope),
    isMember: filters.isMember ?? null,
    approved: filters.approved ?? null,
    createdAfter: filters.createdAfter !== undefined,
    // An empty search finds everyone, as no search.
    search: Boolean(filters.search),
    states: filters.states?.length ? filters.states : null,
    featured: order === 'featured',
  };
  const values: MembersValues = { ...scopeValues(scope), createdAfter: filters.createdAfter ?? 0, search: filters.search ? searchPattern(filters.search) : '' };
  const page = await pages[order](db, shape, values, count, position);
  return { ...page, rows: hydrate(page.rows) };
}

export async function countMembers(db: Db, scope: ScopeContext, filters: MemberFilters): Promise<number> {
  const row = await scoped(db, scope, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateAccount(tx: Tx, accountId: number, patch: Partial<Omit<AccountTable, 'id'>>) {
  await tx.updateTable('accounts').set(patch).where('id', '=', accountId).execute();
  if (patch.full_name !== undefined || patch.location !== undefined) await reindexMembers(tx, { accountId });
}

/** Updates a membership unless its state or role changed since `member` was read; false then. */
export async function updateMember(tx: Tx, member: Pick<Member, 'id' | 'state' | 'role'>, patch: Partial<Omit<MemberTable, 'id' | 'sort_name'>>) {
  const result = await tx
    .updateTable('members')
    .set(patch)
    .where('id', '=', member.id)
    .where('state', '=', member.state)
    .where('role', '=', member.role)
    .executeTakeFirst();
  if (patch.status_message !== undefined) await reindexMembers(tx, { memberId: member.id });
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a membership, with the events that were about it (joining, status messages). */
export async function deleteMember(tx: Tx, member: Pick<Member, 'id' | 'network_id' | 'account_id'>) {
  await tx
    .deleteFrom('activities')
    .where('network_id', '=', member.network_id)
    .where('author_id', '=', member.account_id)
    .where('type', 'in', ['JoinNetwork', 'StatusUpdate'])
    .execute();
  await tx.deleteFrom('members').where('id', '=', member.id).execute();
  await unindexMember(tx, member.id);
}

/** Stores (or replaces) an account's uploaded icon; its time tells the icon's URLs apart. */
export async function saveIcon(tx: Tx, accountId: number, bytes: Buffer, now: number) {
  await tx
    .insertInto('account_icons')
    .values({ account_id: accountId, bytes, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ bytes, updated_at: now }))
    .execute();
}

/** The account's icon if it is still the one uploaded at `version`. */
export function findIcon(db: Db, accountId: number, version: number) {
  return db.selectFrom('account_icons').select('bytes').where('account_id', '=', accountId).where('updated_at', '=', version).executeTakeFirst();
}

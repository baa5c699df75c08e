// The audit log in the database: `recordAudit` writes one act inside the transaction of the act
// itself (so an act that fails leaves no trace, and one that succeeds always does), and
// `listAudit` reads it newest first, filtered, paged by anchors. Nothing deletes its rows.
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { SignedInActor } from '../../http/endpoint';
import { keysetPage, type Position } from '../../db/paging';

/** What an administrator did. */
export const auditActions = [
  'approve', 'unapprove', 'reject', 'update', 'delete', 'feature', 'unfeature', 'block', 'unblock', 'remove',
  'promote', 'demote', 'send', 'create', 'revoke',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What it was done to. */
export const auditItemTypes = [
  'Activity', 'BlogPost', 'BroadcastMessage', 'Category', 'Comment', 'ConsumerKey', 'Network', 'Photo', 'Topic', 'User', 'Video',
] as const;
export type AuditItemType = (typeof auditItemTypes)[number];

export interface AuditEvent {
  action: AuditAction;
  type: AuditItemType;
  id?: number | null;
  title?: string | null;
  detail?: Record<string, unknown>;
}

/** Records an act of the caller in the transaction `tx` of the act. */
export async function recordAudit(tx: Tx, ctx: SignedInActor, event: AuditEvent): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      network_id: ctx.network.id,
      actor_id: ctx.viewer.accountId,
      action: event.action,
      item_type: event.type,
      item_id: event.id ?? null,
      item_title: event.title ?? null,
      detail: event.detail && Object.keys(event.detail).length ? JSON.stringify(event.detail) : null,
      address: ctx.address ?? null,
      created_at: ctx.now,
    })
    .execute();
}

export interface AuditFilters {
  actor?: string;
  action?: string[];
  itemType?: string[];
  item?: { type: string; id: number };
  createdAfter?: number;
  createdBefore?: number;
}

export interface AuditRow {
  id: number;
  action: string;
  item_type: string;
  item_id: number | null;
  item_title: string | null;
  detail: string | null;
  address: string | null;
  created_at: number;
  screen_name: string;
  full_name: string;
  icon_url: string | null;
}

export function listAudit(db: Db, networkId: number, f: AuditFilters, count: number, position: Position) {
  let q = db
    .selectFrom('audit_log as l')
    .innerJoin('accounts as a', 'a.id', 'l.actor_id')
    .select(['l.id', 'l.action', 'l.item_type', 'l.item_id', 'l.item_title', 'l.detail', 'l.address', 'l.created_at', 'a.screen_name', 'a.full_name', 'a.icon_url'])
    .where('l.network_id', '=', networkId);
  if (f.actor !== undefined) q = q.where('l.actor_id', 'in', sql<number>`(select id from accounts where screen_name = ${f.actor})`);
  if (f.action?.length) q = q.where('l.action', 'in', f.action);
  if (f.itemType?.length) q = q.where('l.item_type', 'in', f.itemType);
  if (f.item) q = q.where('l.item_type', '=', f.item.type).where('l.item_id', '=', f.item.id);
  if (f.createdAfter !== undefined) q = q.where('l.created_at', '>=', f.createdAfter);
  if (f.createdBefore !== undefined) q = q.where('l.created_at', '<', f.createdBefore);
  return keysetPage(q, { sortColumn: 'l.created_at', idColumn: 'l.id', order: 'desc' }, count, position);
}

// Opaque anchors for keyset paging (db/paging.ts). An anchor is a position in an ordering:
// just after or just before one item, named by its sort key and id, so it stays valid when
// items are added or removed around it. Anchors are signed with the deployment's secret, so
// a tampered one is refused (4-7) rather than silently read as some other position, and each
// names the ordering it belongs to, so one listing's anchor is never read against another's
// sort key.
import crypto from 'node:crypto';
import type { Position, SortKey } from '../db/paging';
import { ApiError } from '../lib/errors';

/** Most MACs of handed-out anchors kept; past it they are all forgotten and kept afresh. */
const MAX_SIGNED = 10_000;

export class AnchorCodec {
  /**
   * The MACs of the anchors this server handed out lately: the first page of a listing ends at
   * the same position for every reader until something is written. An anchor that comes back
   * is checked against the MAC kept for its payload, or one computed afresh.
   */
  private readonly signed = new Map<string, string>();
  /** The secret as a key object, made once: HMACs keyed with a string import it on every call. */
  private readonly key: crypto.KeyObject;

  constructor(secret: string) {
    this.key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  encode(position: Position): string {
    const payload = Buffer.from(
      JSON.stringify('start' in position ? [0] : [position.side === 'after' ? 1 : 2, position.key, position.id, position.ordering]),
    ).toString('base64url');
    let mac = this.signed.get(payload);
    if (mac === undefined) {
      mac = this.mac(payload);
      if (this.signed.size >= MAX_SIGNED) this.signed.clear();
      this.signed.set(payload, mac);
    }
    return `${payload}.${mac}`;
  }

  decode(anchor: string | undefined): Position {
    if (anchor === undefined || anchor === '') return { start: true };
    const [payload, mac, ...rest] = anchor.split('.');
    if (!payload || !mac || rest.length > 0 || !sameMac(this.signed.get(payload) ?? this.mac(payload), mac)) throw new ApiError('invalidAnchor', 'Invalid anchor.');
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (value[0] === 0) return { start: true };
    return { side: value[0] === 1 ? 'after' : 'before', key: value[1] as SortKey, id: value[2] as number, ordering: String(value[3]) };
  }

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

/** Constant-time comparison; a MAC of another length (in bytes, not characters) never matches. */
function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

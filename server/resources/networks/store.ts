// Networks: created by the operator (CLI or first start), each with its Network Creator.
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { conflict } from '../../http/errors';
import { addMember } from '../users/store';

export function findNetwork(db: Db | Tx, subdomain: string) {
  return db.selectFrom('networks').selectAll().where('subdomain', '=', subdomain.toLowerCase()).executeTakeFirst();
}

/** Creates a network owned by an existing account; ids are random 7-digit numbers, as historical ones were. */
export async function createNetwork(
  db: Db | Tx,
  input: { subdomain: string; name: string; ownerAccountId: number },
  now: number,
): Promise<number> {
  if (await findNetwork(db, input.subdomain)) throw conflict(1, `A network '${input.subdomain}' already exists.`);
  for (let attempt = 0; ; attempt++) {
    const id = crypto.randomInt(1_000_000, 10_000_000);
    try {
      await db
        .insertInto('networks')
        .values({
          id,
          subdomain: input.subdomain.toLowerCase(),
          name: input.name,
          description: '',
          icon_url: null,
          owner_account_id: input.ownerAccountId,
          is_private: 0,
          blog_post_moderation: 0,
          comment_moderation: 0,
          photo_moderation: 0,
          user_moderation: 0,
          video_moderation: 0,
          event_moderation: 0,
          group_moderation: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await addMember(db, id, input.ownerAccountId, 'owner', 'active', now);
      return id;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 5) throw error;
      if (await findNetwork(db, input.subdomain)) throw conflict(1, `A network '${input.subdomain}' already exists.`);
    }
  }
}

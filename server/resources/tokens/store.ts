// OAuth consumers: created by the operator for an application on one network.
import type { Db } from '../../db/database';
import { token } from '../../lib/random';

export async function createConsumer(db: Db, networkId: number, name: string, now = Date.now()) {
  const consumer = { consumer_key: token(16), consumer_secret: token(24) };
  await db.insertInto('oauth_consumers').values({ network_id: networkId, name, ...consumer, created_at: now, revoked_at: null }).execute();
  return { key: consumer.consumer_key, secret: consumer.consumer_secret };
}

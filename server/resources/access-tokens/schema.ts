// Parameters and entry shapes of AccessToken.
import { z } from 'zod';
import { contentIdParam } from '../../http/param-types';
import { isoDate } from '../../http/fields';
import type { AccessTokenRow } from './store';

export const MAX_NAME = 100;
/** Live tokens per member and network: enough for every script, few enough to list unpaged. */
export const MAX_TOKENS = 50;

export const createParams = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'may not be empty' })
    .max(MAX_NAME, { error: `may have at most ${MAX_NAME} characters` })
    .meta({ description: 'What the token is for, to recognise it in the list.' }),
});
export const revokeParams = z.object({ id: contentIdParam('AccessToken') });

export const accessTokenEntry = z.object({
  id: z.string(),
  name: z.string(),
  createdDate: z.iso.datetime(),
  lastUsedDate: z.iso.datetime().nullable(),
});
export const newAccessTokenEntry = accessTokenEntry
  .extend({ token: z.string().meta({ description: 'The token itself, shown only in this reply.' }) })
  .meta({ title: 'NewAccessToken' });

export function accessTokenOf(networkId: number, row: AccessTokenRow): z.output<typeof accessTokenEntry> {
  return {
    id: `${networkId}:AccessToken:${row.id}`,
    name: row.name,
    createdDate: isoDate(row.created_at)!,
    lastUsedDate: isoDate(row.last_used_at),
  };
}

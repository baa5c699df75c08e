// The signed-in member as this network sees them (null when anonymous).
import { queryOptions } from '@tanstack/react-query';
import { apiGet, sessionQueryKey } from '../../../lib/api-client';
import type { EntryEnvelope, SessionEntry } from '../../../lib/api-types';

export const sessionQuery = (network: string) =>
  queryOptions({
    queryKey: sessionQueryKey(network),
    queryFn: async ({ signal }) =>
      (await apiGet<EntryEnvelope<SessionEntry | null>>(network, 'Session', {}, signal)).entry,
    staleTime: 5 * 60_000,
  });

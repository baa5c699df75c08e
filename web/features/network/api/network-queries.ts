// The network a page belongs to: its name for the header and titles, its settings for the
// pages that depend on them (moderation, privacy). It changes rarely, so it stays fresh longer.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EntryEnvelope, Network } from '../../../lib/api-types';

export const networkQueries = {
  all: () => ['network'] as const,
  detail: (network: string) =>
    queryOptions({
      queryKey: [...networkQueries.all(), 'detail', network] as const,
      queryFn: async ({ signal }) => (await apiGet<EntryEnvelope<Network>>(network, 'Network', {}, signal)).entry,
      staleTime: 5 * 60_000,
    }),
};

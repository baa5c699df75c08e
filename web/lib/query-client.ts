// The QueryClient the app (and each test) runs with. Mutations declare in `meta.invalidates`
// which queries their write makes stale; this one MutationCache acts on it once they settle,
// so optimistic updates are reconciled with the server whether the write succeeded or not.
import { MutationCache, QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Key prefixes to refetch after the write, or 'all' when it changes what the caller may see. */
      invalidates?: readonly QueryKey[] | 'all';
    };
  }
}

/**
 * A read the service refused (not found, not allowed, bad request) is answered: asking again
 * changes nothing and only keeps the reader waiting. Lost connections and server trouble are
 * worth two more tries.
 */
function retryUnlessRefused(failures: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failures < 2;
}

export function createQueryClient(defaultOptions: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _onMutateResult, mutation, { client }) => {
        const invalidates = mutation.meta?.invalidates;
        if (invalidates === 'all') return client.invalidateQueries();
        if (!invalidates) return;
        return Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      ...defaultOptions,
      queries: { staleTime: 30_000, retry: retryUnlessRefused, ...defaultOptions.queries },
    },
  });
}

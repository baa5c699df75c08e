// The QueryClient the app (and each test) runs with. Mutations declare in `meta.invalidates`
// which queries their write makes stale; this one MutationCache acts on it once they settle,
// so optimistic updates are reconciled with the server whether the write succeeded or not.
import { MutationCache, QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Key prefixes to refetch after the write, or 'all' when it changes what the caller may see. */
      invalidates?: readonly QueryKey[] | 'all';
    };
  }
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
      queries: { staleTime: 30_000, ...defaultOptions.queries },
    },
  });
}

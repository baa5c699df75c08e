// Everything the routes need from above: the QueryClient they share, and prefetching of the
// pages links lead to.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PrefetchProvider } from '../lib/prefetch';

type Props = { queryClient: QueryClient; routes: RouteObject[]; children: ReactNode };

export function AppProviders({ queryClient, routes, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <PrefetchProvider routes={routes}>{children}</PrefetchProvider>
    </QueryClientProvider>
  );
}

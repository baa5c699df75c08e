// Renders the real app routes at a URL, with a fresh QueryClient that does not retry.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export function renderRoute(url: string) {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const routes = createRoutes(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} routes={routes}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router, queryClient };
}

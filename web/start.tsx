// Starts the web app in the browser (web/main.tsx loads it). A page the server rendered (it
// then sends the state it rendered from) is hydrated: the queries start with its data, the
// router with its loaders' results and the page's own module loaded, so the first render is
// the server's markup.
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { readInitialState, type InitialState } from './app/initial-state';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { renderRelativeTimesAt } from './components/relative-time';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const routes = createRoutes(queryClient);
const initial = readInitialState();
const root = document.getElementById('root')!;

// (No top-level await: the route chunks import from this one, which must not wait on them.)
if (initial) void hydratePage(initial);
else createRoot(root).render(appWith(createBrowserRouter(routes)));

/**
 * Hydrates the page the server rendered from `initial`. Each step is a task of its own, after
 * this module's evaluation and after the page's modules', so none holds the browser long.
 */
async function hydratePage(initial: InitialState) {
  await nextTask();
  hydrate(queryClient, initial.queries);
  renderRelativeTimesAt(initial.renderedAt);
  await loadRouteModules(routes, window.location.pathname);
  await nextTask();
  const app = appWith(createBrowserRouter(routes, { hydrationData: { loaderData: initial.loaderData } }));
  // As a transition, hydration yields to the browser between components instead of holding it.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve));
}

function appWith(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} routes={routes}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** The modules of the routes `pathname` matches, loaded into them before the router starts. */
async function loadRouteModules(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

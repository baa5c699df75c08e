// Renders the pages visitors land on most — a network's front page and a blog post — on the
// server, from the same routes, loaders and queries the app runs in the browser, which then
// hydrates them. Vite builds it as the server's own bundle (dist/server/entry-server.js).
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router-dom';
import { INITIAL_STATE_ID, serializeInitialState } from './app/initial-state';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { renderRelativeTimesAt } from './components/relative-time';
import { setTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** The pages rendered here, with the module of each (the key of its chunk in Vite's manifest). */
export const RENDERED_PAGES = [
  { path: '/n/:network', module: 'web/app/routes/home.tsx' },
  { path: '/n/:network/blog/:id', module: 'web/app/routes/blog-post.tsx' },
] as const;

export interface RenderedPage {
  /** The page's document title. */
  title: string;
  /** What else the page puts in the document's head (feed links, preloads). */
  head: string;
  /** The markup of the app's root element. */
  html: string;
  /** The element with the page's initial state (a JSON block), to follow the root element. */
  stateElement: string;
  /** The page's module (a key of Vite's manifest), whose files the page loads first. */
  module: string;
}

// The requests of the page being rendered go where the server sends them.
const sending = new AsyncLocalStorage<Send>();
setTransport((url, init) => {
  const send = sending.getStore();
  if (!send) return Promise.reject(new Error('A request outside a page being rendered'));
  return send(url, init);
});

/**
 * The page at `url` (path and query) as a visitor with no session sees it; its requests to
 * the REST service go through `send`. Null when it is not a page rendered here, or when
 * any of its queries failed or it redirects: the browser then renders it as for any page.
 */
export async function renderPage(url: string, send: Send): Promise<RenderedPage | null> {
  const pathname = url.split('?')[0]!;
  const page = RENDERED_PAGES.find((candidate) => matchPath(candidate.path, pathname));
  if (!page) return null;
  return sending.run(send, async () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    const routes = createRoutes(queryClient);
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(url, 'http://app.invalid')));
    if (context instanceof Response || context.errors) return null;
    await settled(queryClient);
    if (queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')) return null;

    const renderedAt = Date.now();
    renderRelativeTimesAt(renderedAt);
    const router = createStaticRouter(handler.dataRoutes, context);
    // No hydration script from the router (the policy allows none inline): its state goes in the JSON block.
    const markup = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient} routes={routes}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    const { title, head, html } = withoutHead(markup);
    const state = serializeInitialState({ queries: dehydrate(queryClient), loaderData: context.loaderData, renderedAt });
    const stateElement = `<script type="application/json" id="${INITIAL_STATE_ID}">${state}</script>`;
    return { title, head, html, stateElement, module: page.module };
  });
}

/** Once no query is fetching any more, nor starts to when one it follows (the author of a post) has arrived. */
async function settled(queryClient: QueryClient): Promise<void> {
  do {
    await new Promise<void>((resolve) => {
      if (!queryClient.isFetching()) return resolve();
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching()) return;
        unsubscribe();
        resolve();
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
  } while (queryClient.isFetching());
}

/**
 * React puts what belongs in the document's head (the page's <title>, feed links, preloads)
 * first in its markup, as it does when it renders a whole document: into the head they go.
 */
function withoutHead(markup: string): { title: string; head: string; html: string } {
  let title = '';
  const head: string[] = [];
  let rest = markup;
  for (;;) {
    const element = /^(?:<title>([^<]*)<\/title>|<(?:link|meta) [^>]*\/>)/.exec(rest);
    if (!element) break;
    if (element[0].startsWith('<title>')) title = element[1]!;
    else head.push(element[0]);
    rest = rest.slice(element[0].length);
  }
  return { title, head: head.join(''), html: rest };
}

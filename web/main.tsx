// The web app's entry: its styles, and a few lines that start the app. A page the server
// rendered is complete without the app, so the app (React, the router and the page's modules:
// nearly all the script the browser fetches) is fetched once that page has painted, and neither
// competes with the page for a slow connection nor holds up its first paint on a slow processor.
// Any other page is the empty shell: the app starts at once.
//
// After a rendered page's paint, the app's parts are evaluated one after the other, each in a
// task of its own (React, the router, the query cache, then the app): evaluated together, they
// would hold a phone's processor for one long task, in which the page could not answer a tap.
// They are all fetched at once (the page names them), so evaluating them in turn waits for none.
import { INITIAL_STATE_ID } from './app/initial-state';
import './app/styles.css';

/** What the server names for the rendered page to fetch along with the app (its route's modules). */
const PAGE_MODULES = 'page-modules';
/** The longest the app waits for a first paint the browser may never report. */
const PAINT_WAIT_MS = 3000;

const start = () => {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES}"]`)?.content ?? '';
  for (const href of named.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  void startInSteps();
};

async function startInSteps() {
  // (vite.config.ts puts each of these libraries in a chunk of its own. Named as one of what the
  // app uses, a library loses nothing to the build's tree-shaking that the app would not.)
  await import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot);
  await nextTask();
  await import('react-router-dom').then(({ createBrowserRouter }) => createBrowserRouter);
  await nextTask();
  await import('@tanstack/react-query').then(({ hydrate }) => hydrate);
  await nextTask();
  await import('./start');
}

if (document.getElementById(INITIAL_STATE_ID) && document.visibilityState === 'visible') afterFirstPaint(start);
else void import('./start');

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve));
}

/** Calls `then` once the browser has shown the page's first content (or could not say so in time). */
function afterFirstPaint(then: () => void) {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, PAINT_WAIT_MS);
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length) once();
      })
    : null;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(once));
}

// What a page rendered on the server hands to the app in the browser: the queries it was
// rendered from (react-query's dehydrated state) and the moment it was rendered, in a JSON
// block the browser never runs (<script type="application/json">), so the page's policy
// against inline scripts holds.
import type { DehydratedState } from '@tanstack/react-query';

export const INITIAL_STATE_ID = 'initial-state';

export interface InitialState {
  queries: DehydratedState;
  /** What the routes' loaders gave, by route: the router starts from it instead of loading again. */
  loaderData: Record<string, unknown>;
  /** When the server rendered the page: relative times hydrate as they were rendered. */
  renderedAt: number;
}

/** The JSON text of the state, safe inside a <script> element: no `<`, `>` or `&` as such (so never `</script>` or `<!--`). */
export function serializeInitialState(state: InitialState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The state the server rendered this page with, if it did. */
export function readInitialState(): InitialState | null {
  const block = document.getElementById(INITIAL_STATE_ID);
  if (!block?.textContent) return null;
  return JSON.parse(block.textContent) as InitialState;
}

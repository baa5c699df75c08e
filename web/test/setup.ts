// Vitest setup for the web project: a mocked network that fails on any request a test did
// not expect and on any reply the service could not have given, and a clean DOM between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { replyProblem } from './openapi-check';
import { server } from './server';

// jsdom has <dialog> without its modal methods; the browser tests use the real ones.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// Pages are lazily loaded modules; on a busy machine the first one may take more than a second.
configure({ asyncUtilTimeout: 5000 });

// ProseMirror (the composer's editor) measures text to keep the cursor in view; jsdom lays
// nothing out, so these layout reads answer "nowhere" there. The browser tests use the real ones.
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= function getClientRects() {
    return Object.assign([], { item: () => null }) as unknown as DOMRectList;
  };
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
}

const checks = new Set<Promise<string | null>>();
server.events.on('response:mocked', ({ request, response }) => {
  // The request's body has been read by the handler by now; its method and URL are enough.
  const check = replyProblem(request.method, request.url, response.clone());
  checks.add(check);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  const problems = (await Promise.all(checks)).filter((problem) => problem !== null);
  checks.clear();
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});
afterAll(() => server.close());

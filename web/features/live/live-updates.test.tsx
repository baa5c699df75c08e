// Live updates: events of the service's GET Live stream put new posts at the top of the blog
// and new comments into an open post's thread, without reloading; a reconnection refetches.
// jsdom has no EventSource: a stand-in plays the browser's, and every event's data is checked
// against the entry schema the OpenAPI document gives GET BlogPost and Comment/recent.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import openApi from '../../lib/generated/openapi.json';
import { aBlogPost, aBlogPostSummary, aComment, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { entryEnvelope, listingEnvelope, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openApi, 'openapi');
const entrySchema = {
  post: 'openapi#/paths/~1BlogPost~1recent/get/responses/200/content/application~1json/schema/properties/entry/items',
  comment: 'openapi#/paths/~1Comment~1recent/get/responses/200/content/application~1json/schema/properties/entry/items',
};

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** Sends an event as the service would, after checking its entry against the OpenAPI document. */
  emit(name: 'post' | 'comment', data: { entry: unknown; resources: unknown }) {
    const validate = ajv.getSchema(entrySchema[name]);
    const resolved = validate ?? ajv.compile({ $ref: entrySchema[name] });
    if (!resolved(data.entry)) throw new Error(`a ${name} event's entry does not match the document: ${JSON.stringify(resolved.errors)}`);
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    });
  }
}
const streamTo = (path: string) => FakeEventSource.instances.find((s) => !s.closed && decodeURIComponent(s.url).includes(path));

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('live updates', () => {
  it('put a new post at the top of the blog as it is published', async () => {
    let fetched = 0;
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost/recent'), () => {
        fetched++;
        return listingEnvelope([aBlogPostSummary({ id: '1:BlogPost:1', title: 'Older post' })], { resources: members });
      }),
    );
    renderRoute('/n/apiexample/blog');
    expect(await screen.findByRole('link', { name: 'Older post' })).toBeTruthy();
    await waitFor(() => expect(streamTo('/xn/rest/apiexample/1.0/Live')).toBeTruthy());
    const stream = streamTo('/xn/rest/apiexample/1.0/Live')!;

    stream.emit('post', {
      entry: aBlogPostSummary({ id: '1:BlogPost:2', title: 'Just published', author: 'grace' }),
      resources: { grace: members.grace },
    });
    const titles = () => [...document.querySelectorAll('.post-list > li')].map((li) => within(li as HTMLElement).getAllByRole('link')[0]!.textContent);
    await waitFor(() => expect(titles()).toEqual(['Just published', 'Older post']));
    expect(screen.getByRole('status').textContent).toBe('New post: Just published');
    // The same post again (a second tab, a reconnection) is not shown twice.
    stream.emit('post', { entry: aBlogPostSummary({ id: '1:BlogPost:2', title: 'Just published', author: 'grace' }), resources: {} });
    expect(titles()).toEqual(['Just published', 'Older post']);

    // After a break, the listing is read again to catch up on what was missed.
    const before = fetched;
    act(() => {
      stream.onerror?.();
      stream.onopen?.();
    });
    await waitFor(() => expect(fetched).toBeGreaterThan(before));
  });

  it('add a new comment to an open post, once, in place of the writer’s own pending copy', async () => {
    const postId = '1:BlogPost:1';
    server.use(
      sessionHandler(aSession()),
      http.get(rest('BlogPost'), () => entryEnvelope(aBlogPost({ id: postId }), members)),
      http.get(rest('Comment/recent'), () =>
        listingEnvelope([aComment({ id: '1:Comment:1', description: 'First!' })], { resources: members }),
      ),
    );
    renderRoute(`/n/apiexample/blog/${encodeURIComponent(postId)}`);
    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(comments).findByText('First!')).toBeTruthy();
    await waitFor(() => expect(streamTo(`Live?attachedTo=${postId}`)).toBeTruthy());
    const stream = streamTo(`Live?attachedTo=${postId}`)!;

    const live = aComment({ id: '1:Comment:2', author: 'grace', description: 'Seen live', createdDate: '2011-06-25T09:00:00.000Z' });
    stream.emit('comment', { entry: live, resources: { grace: members.grace } });
    stream.emit('comment', { entry: live, resources: { grace: members.grace } });
    expect(await within(comments).findByText('Seen live')).toBeTruthy();
    expect(within(comments).getAllByRole('listitem')).toHaveLength(2);
    expect(within(comments).getAllByText('Seen live')).toHaveLength(1);
    expect(screen.getByText('New comment by Grace Hopper')).toBeTruthy();
  });

  it('close the stream when the page is left', async () => {
    server.use(sessionHandler(null), http.get(rest('BlogPost/recent'), () => listingEnvelope([], { resources: {} })));
    renderRoute('/n/apiexample/blog');
    await waitFor(() => expect(streamTo('/xn/rest/apiexample/1.0/Live')).toBeTruthy());
    const stream = streamTo('/xn/rest/apiexample/1.0/Live')!;
    cleanup();
    expect(stream.closed).toBe(true);
  });
});

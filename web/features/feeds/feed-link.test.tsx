// Feed links: the blog, a tag's page and the front page point feed readers at their Atom feed
// in the document's head; a private network has none.
import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aNetwork } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { listingEnvelope, networkHandler, rest, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const feedLinks = () =>
  [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((l) => l.getAttribute('href'));

describe('feed links', () => {
  it('name the feed of what the blog shows', async () => {
    server.use(sessionHandler(null), http.get(rest('BlogPost/recent'), () => listingEnvelope([], { resources: {} })));
    renderRoute('/n/apiexample/blog?tag=engines');
    await waitFor(() => expect(feedLinks()).toEqual(['/xn/rest/apiexample/1.0/BlogPost/feed?tag=engines']));
  });

  it('are left out on a private network', async () => {
    server.use(
      sessionHandler(null),
      networkHandler(aNetwork({ isPrivate: true })),
      http.get(rest('BlogPost/recent'), () => listingEnvelope([], { resources: {} })),
    );
    renderRoute('/n/apiexample/blog');
    // The title names the network once its details arrived: the feed link, drawn beside it
    // from the same details, has then decided.
    await waitFor(() => expect(document.title).toBe('Blog · Analytical Engineers'));
    expect(feedLinks()).toEqual([]);
  });
});

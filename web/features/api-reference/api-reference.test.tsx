// The API reference page: the document's overview, each operation with its parameters, body
// and reply, the extension badge, and the filter that narrows the operations down.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './api/openapi-types';
import { OPENAPI_PATH } from './api/api-reference-queries';
import { renderRoute } from '../../test/render-route';
import { errorEnvelope, sessionHandler } from '../../test/rest-handlers';
import { server } from '../../test/server';

const dateTime = { type: 'string', format: 'date-time' } as const;

/** A small document in the shape the service publishes, with a few shapes it never sends. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Community platform REST API',
    version: '1.0',
    description: 'Every success has `success: true`.\n\n## Errors\n\n| code | meaning |\n|---|---|\n| 1 | authentication (401) |',
  },
  servers: [{ url: '/xn/rest/{network}/1.0', variables: { network: { default: 'apiexample' } } }],
  tags: [{ name: 'BlogPost' }, { name: 'Tag', description: 'Tags on content.' }],
  paths: {
    '/BlogPost/recent': {
      get: {
        tags: ['BlogPost'],
        summary: 'Blog posts, newest first.',
        description: 'Who may call: anybody who may read the network.',
        'x-permission': 'anyone',
        security: [{}, { oauth: [] }, { session: [] }],
        parameters: [
          { name: 'tag', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'count', in: 'query', description: '1..100', schema: { type: 'string', default: '1' } },
          { $ref: '#/components/parameters/xn_pretty' },
          { $ref: '#/components/parameters/nowhere' },
        ],
        responses: {
          200: {
            description: 'Success.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    success: { const: true },
                    entry: { type: 'array', items: { $ref: '#/components/schemas/BlogPost' } },
                    anchor: { type: 'string' },
                  },
                  required: ['success', 'entry', 'anchor'],
                },
              },
            },
          },
          default: { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/BlogPost': {
      post: {
        tags: ['BlogPost'],
        summary: 'Creates a blog post.',
        'x-permission': 'member',
        security: [{ oauth: [] }, { session: [], csrf: [] }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  title: { type: 'string', maxLength: 200 },
                  visibility: { type: 'string', enum: ['all', 'members', 'friends', 'me'] },
                },
                required: ['title'],
              },
            },
          },
        },
        responses: { 200: { description: 'Success.' } },
      },
    },
    '/Tag/popular': {
      get: {
        tags: ['Tag'],
        summary: 'The most used tags, for a tag cloud.',
        description: 'Who may call: anybody.\n\n**Extension**: ours, not part of the historical API.',
        'x-extension': true,
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    entry: { oneOf: [{ $ref: '#/components/schemas/Missing' }, { type: ['string', 'null'] }] },
                    extra: true,
                    counts: {
                      type: 'array',
                      items: { type: 'object', properties: { tag: { type: 'string' }, count: { type: 'integer' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/Photo/recent': {
      get: {
        summary: 'Photos, newest first.',
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Nowhere' } } } } },
      },
    },
  },
  components: {
    schemas: {
      BlogPost: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          publishStatus: { type: 'string', enum: ['draft', 'queued', 'publish'] },
          featuredDate: { anyOf: [dateTime, { type: 'null' }] },
        },
        required: ['id'],
      },
      Error: {
        type: 'object',
        properties: { success: { const: false }, code: { type: 'integer' }, reason: { type: 'string' } },
        required: ['success', 'code', 'reason'],
      },
    },
    parameters: {
      xn_pretty: { name: 'xn_pretty', in: 'query', description: 'true pretty-prints the JSON.', schema: { type: 'string' } },
    },
    responses: { Error: { description: 'The error envelope.' } },
    securitySchemes: {
      oauth: { type: 'http', scheme: 'OAuth', description: 'OAuth 1.0a, two-legged.' },
      session: { type: 'apiKey', in: 'cookie', name: 'xn_session', description: 'The web app session.' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    },
  },
};

const documentHandler = (body: OpenApiDocument) => http.get(OPENAPI_PATH, () => HttpResponse.json(body));

function operation(name: string) {
  return screen.getByRole('article', { name });
}

describe('the API reference page', () => {
  it('introduces the API: base address for this network, authentication, errors', async () => {
    server.use(sessionHandler(null), documentHandler(document));
    renderRoute('/n/demo/api');

    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeTruthy();
    const base = within(await screen.findByRole('region', { name: 'Base address' }));
    expect(base.getByText('/xn/rest/demo/1.0/')).toBeTruthy();
    const authentication = within(screen.getByRole('region', { name: 'Authentication' }));
    expect(authentication.getByText('OAuth 1.0a, two-legged.')).toBeTruthy();
    expect(authentication.getByText('xn_session (cookie)')).toBeTruthy();
    // The Markdown renderer arrives after the page; the description's own heading comes with it.
    expect(await screen.findByRole('heading', { level: 2, name: 'Errors' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('authentication (401)').tagName).toBe('TD');
    const envelope = within(screen.getByRole('table', { name: 'Fields of every error reply' }));
    expect(envelope.getByRole('row', { name: /reason string required/ })).toBeTruthy();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/n/demo/api');
  });

  it('shows an operation with who may call it, its parameters and its reply', async () => {
    server.use(sessionHandler(null), documentHandler(document));
    const { user } = renderRoute('/n/demo/api');

    const recent = within(await screen.findByRole('article', { name: 'GET BlogPost/recent' }));
    expect(recent.getByText('Blog posts, newest first.')).toBeTruthy();
    expect(recent.getByText('Who may call: anybody who may read the network.')).toBeTruthy();
    expect(recent.getByText(/none needed, or/).textContent).toBe('Credentials: none needed, or oauth or session');
    expect(recent.getByRole('link', { name: 'Link to GET BlogPost/recent' }).getAttribute('href')).toBe(
      '#get-BlogPost-recent',
    );
    expect(operation('GET BlogPost/recent').id).toBe('get-BlogPost-recent');
    expect(recent.queryByTitle('Ours, not part of the historical API')).toBeNull();

    const parameters = within(recent.getByRole('table', { name: 'Parameters' }));
    expect(parameters.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['tag', 'count', 'xn_pretty']);
    expect(parameters.getByRole('row', { name: 'count query string optional 1..100 default 1' })).toBeTruthy();

    const reply = within(recent.getByRole('table', { name: 'Reply (200), application/json' }));
    expect(reply.getByRole('row', { name: /^entry array of BlogPost required/ })).toBeTruthy();
    await user.click(recent.getByText('Fields of'));
    const entry = within(recent.getByRole('table', { name: 'BlogPost' }));
    expect(entry.getByRole('row', { name: /^publishStatus draft \| queued \| publish optional/ })).toBeTruthy();
    expect(entry.getByRole('row', { name: /^featuredDate string \(date-time\) or null optional/ })).toBeTruthy();
  });

  it('shows request bodies, marks extensions, and copes with shapes it does not know', async () => {
    server.use(sessionHandler(null), documentHandler(document));
    const { user } = renderRoute('/n/demo/api');

    const create = within(await screen.findByRole('article', { name: 'POST BlogPost' }));
    const body = within(create.getByRole('table', { name: 'Request body, application/x-www-form-urlencoded' }));
    expect(body.getByRole('row', { name: 'title string required at most 200 characters' })).toBeTruthy();
    expect(body.getByRole('row', { name: /^visibility all \| members \| friends \| me optional/ })).toBeTruthy();
    expect(create.getByText('Who may call: member.')).toBeTruthy();
    expect(create.getByText(/^Credentials:/).textContent).toBe('Credentials: oauth or session with csrf');

    const popular = within(operation('GET Tag/popular'));
    expect(popular.getByTitle('Ours, not part of the historical API').textContent).toBe('Extension');
    expect(await popular.findByText('Extension', { selector: 'strong' }, { timeout: 5000 })).toBeTruthy();
    expect(popular.getByRole('row', { name: /^entry Missing or \(string or null\) optional/ })).toBeTruthy();
    expect(popular.getByRole('row', { name: /^extra any optional/ })).toBeTruthy();
    await user.click(popular.getByText('Fields of'));
    expect(within(popular.getByRole('table', { name: 'counts' })).getByRole('row', { name: /^count integer/ })).toBeTruthy();

    const groups = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['BlogPost', 'Tag', 'Photo']);
    expect(within(screen.getByRole('region', { name: 'Tag' })).getByText('Tags on content.')).toBeTruthy();
    expect(within(operation('GET Photo/recent')).getByText('Reply (200), application/json:')).toBeTruthy();
  });

  it('hides the operations that do not match the filter, and keeps the filter in the URL', async () => {
    server.use(sessionHandler(null), documentHandler(document));
    const { user, router } = renderRoute('/n/demo/api');
    const filter = await screen.findByRole('searchbox', { name: 'Find an endpoint' });
    expect(screen.getByRole('status').textContent).toBe('4 endpoints');

    await user.type(filter, 'recent');

    await waitFor(() => expect(screen.queryByRole('article', { name: 'POST BlogPost' })).toBeNull());
    expect(screen.getAllByRole('article').map((article) => article.id)).toEqual([
      'get-BlogPost-recent',
      'get-Photo-recent',
    ]);
    expect(screen.queryByRole('region', { name: 'Tag' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 of 4 endpoints match');
    expect(router.state.location.search).toBe('?q=recent');

    await user.clear(filter);
    await user.type(filter, 'get tag');
    await waitFor(() => expect(screen.getAllByRole('article').map((article) => article.id)).toEqual(['get-Tag-popular']));

    await user.type(filter, 'z');
    expect(await screen.findByText('No endpoint matches “get tagz”.')).toBeTruthy();
  });

  it('starts from a filter in the URL', async () => {
    server.use(sessionHandler(null), documentHandler(document));
    renderRoute('/n/demo/api?q=photo');

    expect(await screen.findByRole('article', { name: 'GET Photo/recent' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find an endpoint' }).value).toBe('photo');
  });

  it('tells the reader when the document cannot be loaded, and loads it again on request', async () => {
    let failing = true;
    server.use(
      sessionHandler(null),
      http.get(OPENAPI_PATH, () => (failing ? errorEnvelope({ status: 500, code: 9, subcode: 1, reason: 'Internal error' }) : HttpResponse.json(document))),
    );
    const { user } = renderRoute('/n/demo/api');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API reference could not be loaded.');
    expect(alert.textContent).toContain('The server ran into a problem. Try again in a moment.');
    expect(alert.textContent).not.toContain('Internal error');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('searchbox', { name: 'Find an endpoint' })).toBeTruthy();
  });
});

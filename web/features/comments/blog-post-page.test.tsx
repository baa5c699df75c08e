// A post's page: the post, its comments oldest first, and writing a comment.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../lib/api-types';
import { aBlogPost, aComment, aSession, members } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import {
  commentsHandler,
  createdEnvelope,
  doneEnvelope,
  entryEnvelope,
  errorEnvelope,
  rest,
  sessionHandler,
} from '../../test/rest-handlers';
import { server } from '../../test/server';

const postId = '1:BlogPost:1';
const postUrl = `/n/apiexample/blog/${encodeURIComponent(postId)}`;

/** The post and its comments as the service keeps them: comment listings come newest first. */
function postWithComments(comments: Comment[]) {
  return [
    http.get(rest('BlogPost'), ({ request }) =>
      new URL(request.url).searchParams.get('id') === postId
        ? entryEnvelope(
            aBlogPost({ id: postId, topTags: ['engines', 'history'], commentCount: comments.length }),
            members,
          )
        : errorEnvelope({ status: 404, code: 3, subcode: 1, reason: 'No such blog post' }),
    ),
    commentsHandler(comments, members),
  ];
}

function shownComments() {
  const comments = screen.getByRole('region', { name: 'Comments' });
  return within(comments)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('a blog post page', () => {
  it('shows the post and its comments, oldest first, and asks visitors to sign in to comment', async () => {
    server.use(
      sessionHandler(null),
      ...postWithComments([
        aComment({ id: '1:Comment:2', author: 'ada', description: 'Thank you!', createdDate: '2011-06-25T10:00:00.000Z' }),
        aComment({ id: '1:Comment:1', author: 'grace', description: 'A fine machine.', createdDate: '2011-06-24T09:00:00.000Z' }),
      ]),
    );

    renderRoute(postUrl);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notes on the Analytical Engine' })).toBeTruthy();
    const post = screen.getByRole('article');
    expect(within(post).getByText('It weaves algebraic patterns.')).toBeTruthy();
    // The byline names the author; the card after the text tells more about her.
    expect(await within(post).findByRole('complementary', { name: 'About the author' })).toBeTruthy();
    expect(within(post).getAllByText('Ada Lovelace')).toHaveLength(2);
    expect(within(post).getByRole('link', { name: 'engines' })).toBeTruthy();
    expect(within(post).getByRole('link', { name: 'history' })).toBeTruthy();

    await screen.findByText('A fine machine.');
    const [first, second] = shownComments();
    expect(first).toContain('Grace Hopper');
    expect(first).toContain('A fine machine.');
    expect(second).toContain('Ada Lovelace');
    expect(second).toContain('Thank you!');

    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getByRole('link', { name: 'Sign in' }).closest('p')?.textContent).toBe(
      'Sign in to write a comment.',
    );
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it('says so when the post does not exist', async () => {
    server.use(sessionHandler(null), ...postWithComments([]));

    renderRoute(`/n/apiexample/blog/${encodeURIComponent('1:BlogPost:404')}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
  });

  it('says so too when the address holds no post id at all', async () => {
    server.use(
      sessionHandler(null),
      http.get(rest('BlogPost'), () => errorEnvelope({ status: 400, code: 4, subcode: 3, reason: "Parameter 'id.0': must be an id" })),
    );

    renderRoute('/n/apiexample/blog/not-an-id');

    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a member’s comment at once and keeps it once the service has it', async () => {
    const member = aSession();
    const comments: Comment[] = [];
    let acceptComment: () => void = () => {};
    const accepted = new Promise<void>((resolve) => (acceptComment = resolve));
    server.use(
      sessionHandler(member),
      ...postWithComments(comments),
      http.post(rest('Comment'), async ({ request }) => {
        if (request.headers.get('X-CSRF-Token') !== member.csrfToken) {
          return errorEnvelope({ status: 403, code: 2, subcode: 1, reason: 'Missing CSRF token' });
        }
        const form = new URLSearchParams(await request.text());
        await accepted;
        comments.push(
          aComment({
            id: '1:Comment:9',
            author: member.author,
            attachedTo: form.get('attachedTo') ?? '',
            description: form.get('description') ?? '',
          }),
        );
        return createdEnvelope('1:Comment:9');
      }),
    );
    const { user } = renderRoute(postUrl);

    await user.type(await screen.findByRole('textbox', { name: 'Your comment' }), 'Hello from Grace');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    expect(await screen.findByText('Hello from Grace')).toBeTruthy();
    expect(shownComments()[0]).toContain('Sending…');
    expect((screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement).value).toBe('');

    acceptComment();
    expect(await screen.findByText('1 comment')).toBeTruthy();
    expect(shownComments()).toHaveLength(1);
    expect(shownComments()[0]).toContain('Grace Hopper');
    expect(shownComments()[0]).toContain('Hello from Grace');
    expect(shownComments()[0]).not.toContain('Sending…');
  });

  it('takes a refused comment back and returns its text to the form', async () => {
    server.use(
      sessionHandler(aSession()),
      ...postWithComments([]),
      http.post(rest('Comment'), () =>
        errorEnvelope({ status: 400, code: 4, subcode: 3, reason: 'The comment is too long' }),
      ),
    );
    const { user } = renderRoute(postUrl);

    await user.type(await screen.findByRole('textbox', { name: 'Your comment' }), 'Too much to say');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A comment needs some text, and at most 4,000 characters.');
    expect((screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement).value).toBe(
      'Too much to say',
    );
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });

  it('lets a member delete their own comment after confirming, and not others’', async () => {
    const member = aSession();
    const comments: Comment[] = [
      aComment({ id: '1:Comment:2', author: 'grace', description: 'Mine to take back.', createdDate: '2011-06-25T10:00:00.000Z' }),
      aComment({ id: '1:Comment:1', author: 'ada', description: 'Ada’s words.', createdDate: '2011-06-24T09:00:00.000Z' }),
    ];
    const deleted: string[] = [];
    server.use(
      sessionHandler(member),
      ...postWithComments(comments),
      http.delete(rest('Comment'), ({ request }) => {
        const id = new URL(request.url).searchParams.get('id')!;
        deleted.push(id);
        comments.splice(comments.findIndex((comment) => comment.id === id), 1);
        return doneEnvelope();
      }),
    );
    const { user } = renderRoute(postUrl);

    await user.click(await screen.findByRole('button', { name: 'Delete comment by Grace Hopper' }));
    expect(screen.queryByRole('button', { name: 'Delete comment by Ada Lovelace' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));

    await waitFor(() => expect(screen.queryByText('Mine to take back.')).toBeNull());
    expect(screen.getByText('Ada’s words.')).toBeTruthy();
    expect(deleted).toEqual(['1:Comment:2']);
  });
});

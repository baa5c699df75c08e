// A blog post with its comments; members who are signed in can add one.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BlogPostArticle } from '../../features/blog-posts/components/blog-post-article';
import { CommentForm } from '../../features/comments/components/comment-form';
import { CommentList } from '../../features/comments/components/comment-list';
import { sessionQuery } from '../../features/session/api/session-queries';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export function BlogPostPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const session = useQuery(sessionQuery(network));
  const location = useLocation();

  return (
    <>
      <BlogPostArticle network={network} id={id} />
      <section className="comments" aria-labelledby="comments-heading">
        <h2 id="comments-heading">Comments</h2>
        <CommentList network={network} attachedTo={id} />
        {session.data ? (
          <CommentForm network={network} attachedTo={id} />
        ) : session.isSuccess ? (
          <p>
            <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to write a comment.
          </p>
        ) : null}
      </section>
    </>
  );
}

// A blog post with its comments. Its author may edit or delete it. Members who may write can
// comment (and delete their own comments, or any on their own post); a pending member is told
// why they cannot yet, and a visitor is invited to sign in.
import { Link } from 'react-router-dom';
import { BlogPostArticle } from '../../features/blog-posts/components/blog-post-article';
import { LiveAnnouncement, useLiveComments } from '../../features/live/use-live-updates';
import { DeletePostButton } from '../../features/writing/components/delete-post-button';
import { paths } from '../../lib/paths';
import { ItemRoute } from '../item-page';

export default function BlogPostPage() {
  return (
    <ItemRoute
      View={BlogPostArticle}
      noun="post"
      listPath={paths.blog}
      ownActions={(network, post) => (
        <>
          <Link className="button-link secondary-link" to={paths.editBlogPost(network, post.id)}>
            Edit post
          </Link>
          <DeletePostButton network={network} post={post} />
        </>
      )}
      afterComments={(network, post) => <LiveComments network={network} attachedTo={post.id} />}
    />
  );
}

/** New comments on the open post appear in its thread as they are written. */
function LiveComments({ network, attachedTo }: { network: string; attachedTo: string }) {
  return <LiveAnnouncement text={useLiveComments(network, attachedTo)} />;
}

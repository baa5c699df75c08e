// Changing one's own post, or deleting it.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ErrorMessage, leadsNowhere } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { Skeleton } from '../../components/skeleton';
import { blogPostQueries } from '../../features/blog-posts/api/blog-post-queries';
import { PageTitle } from '../../features/network/components/page-title';
import { Composer } from '../../features/writing/components/composer';
import { DeletePostButton } from '../../features/writing/components/delete-post-button';
import { WritersOnly } from '../../features/writing/components/writers-only';
import { useNetwork } from '../use-network';

export default function EditPostPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const post = useQuery(blogPostQueries.detail(network, id));

  return (
    <>
      <PageTitle title="Edit post" />
      <h1>Edit post</h1>
      <WritersOnly network={network}>
        {(author) => {
          if (post.isPending) return <Skeleton label="Loading the post…" lines={6} />;
          if (post.isError) {
            return leadsNowhere(post.error) ? <NotFound kind="post" /> : <ErrorMessage error={post.error} title="The post could not be loaded." retry={() => void post.refetch()} />;
          }
          if (post.data.entry.author !== author) return <p className="notice">Only its author can edit this post.</p>;
          return (
            <>
              <Composer network={network} author={author} post={post.data.entry} />
              <DeletePostButton network={network} post={post.data.entry} />
            </>
          );
        }}
      </WritersOnly>
    </>
  );
}

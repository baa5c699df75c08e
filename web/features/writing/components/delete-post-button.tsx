// Deleting a post, after asking: it takes the post's comments with it and cannot be undone.
import { DeleteItemButton } from '../../../components/delete-item-button';
import type { BlogPost } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { deletePostOptions } from '../api/post-mutations';

export function DeletePostButton({ network, post }: { network: string; post: Pick<BlogPost, 'id' | 'title'> }) {
  return (
    <DeleteItemButton
      id={post.id}
      noun="post"
      name={post.title}
      remove={deletePostOptions(network)}
      then={{ to: paths.myPosts(network, 'published'), notice: 'post-deleted' }}
    />
  );
}

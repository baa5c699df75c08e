// Deleting a post, after asking: it takes the post's comments with it and cannot be undone.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../components/error-message';
import type { BlogPost } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { deletePostOptions } from '../api/post-mutations';

export function DeletePostButton({ network, post }: { network: string; post: Pick<BlogPost, 'id' | 'title'> }) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation(deletePostOptions(network));
  const navigate = useNavigate();

  return (
    <>
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        Delete post
      </button>
      {remove.isError ? (
        <p role="alert" className="alert">
          The post was not deleted. {errorText(remove.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Delete this post?"
        confirmLabel="Delete post"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => navigate(paths.myPosts(network, 'published'), { replace: true }),
            onSettled: () => setAsking(false),
          })
        }
      >
        <p>
          “{post.title}” and its comments will be gone for everyone. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

// A photo with its comments. Its owner may edit its details or delete it; members who may
// write can comment, as on a blog post.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CommentAccess } from '../../features/comments/components/comment-access';
import { CommentList } from '../../features/comments/components/comment-list';
import { ModerationControls } from '../../features/moderation/components/moderation-controls';
import type { Photo } from '../../features/photos/api/photo-queries';
import { DeletePhotoButton } from '../../features/photos/components/delete-photo-button';
import { EditPhotoDialog } from '../../features/photos/components/edit-photo-dialog';
import { PhotoView } from '../../features/photos/components/photo-view';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function PhotoPage() {
  const network = useNetwork();
  const { id = '' } = useParams();
  const viewer = useViewer(network);
  const me = viewer.member?.author;
  const navigate = useNavigate();

  return (
    <PhotoView
      network={network}
      id={id}
      actions={(photo) => {
        const own = viewer.canWrite && photo.author === me;
        return (
          <>
            <ModerationControls
              network={network}
              item={photo}
              viewer={viewer}
              noun="photo"
              withoutDelete={own}
              onGone={() => navigate(paths.photos(network), { replace: true })}
            />
            {own ? <OwnerActions network={network} photo={photo} /> : null}
          </>
        );
      }}
    >
      {(photo) => (
        <section className="comments" aria-labelledby="comments-heading">
          <h2 id="comments-heading">Comments</h2>
          <CommentList
            network={network}
            attachedTo={photo.id}
            canDelete={(comment) => viewer.isAdmin || (viewer.canWrite && (comment.author === me || photo.author === me))}
            controls={(comment, nameId) => (
              <ModerationControls network={network} item={comment} viewer={viewer} noun="comment" describedBy={nameId} withoutDelete />
            )}
          />
          <CommentAccess network={network} attachedTo={photo.id} viewer={viewer} />
        </section>
      )}
    </PhotoView>
  );
}

function OwnerActions({ network, photo }: { network: string; photo: Photo }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => setEditing(true)}>
        Edit photo
      </button>
      <DeletePhotoButton network={network} photo={photo} />
      <EditPhotoDialog network={network} photo={photo} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}

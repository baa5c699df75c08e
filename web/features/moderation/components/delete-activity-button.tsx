// An administrator removes an event from the activity feed (the item it speaks of stays),
// after asking.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { deleteActivityOptions } from '../api/moderation';

export function DeleteActivityButton({ network, id, describedBy }: { network: string; id: string; describedBy?: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation(deleteActivityOptions(network));
  return (
    <>
      <button type="button" className="link-button" aria-describedby={describedBy} onClick={() => setAsking(true)}>
        Delete
      </button>
      {remove.isError ? <ErrorMessage error={remove.error} title="The event was not removed." words={{ '3': 'It is no longer in the feed.' }} /> : null}
      <ConfirmDialog
        open={asking}
        title="Remove this event from the activity feed?"
        confirmLabel="Remove event"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(id, { onSettled: () => setAsking(false) })}
      >
        <p>Nobody will see it in the feed any more; what it tells of is not deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

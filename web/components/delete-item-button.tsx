// Deleting an item from its own page, after asking: it takes the item's comments (or replies)
// with it and cannot be undone; then the page gives way to the list the item was in, with a
// notice. The feature supplies the mutation, so what it invalidates stays declared there.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-message';

type Props<TDone> = {
  id: string;
  /** What the item is, in a sentence: "post", "photo", "topic", "video". */
  noun: string;
  /** How readers know it, quoted in the question. */
  name: string;
  /** What goes with it: "its comments" unless told. */
  along?: string;
  /** What deleting it means, when it is not that the item and `along` are gone for everyone. */
  consequence?: ReactNode;
  remove: UseMutationOptions<TDone, Error, string>;
  /** Where to go once it is gone, and the notice that page shows. */
  then: { to: string; notice: string };
};

export function DeleteItemButton<TDone>({ id, noun, name, along = 'its comments', consequence, remove: options, then }: Props<TDone>) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation(options);
  const navigate = useNavigate();

  return (
    <>
      <button type="button" className="danger-outline" onClick={() => setAsking(true)}>
        Delete {noun}
      </button>
      {remove.isError ? (
        <p role="alert" className="alert">
          The {noun} was not deleted. {errorText(remove.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Delete this ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => navigate(then.to, { replace: true, state: { notice: then.notice } }),
            onSettled: () => setAsking(false),
          })
        }
      >
        <p>
          {consequence ?? <>“{name}” and {along} will be gone for everyone.</>} This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

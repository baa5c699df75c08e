// Asks before leaving a page with unsaved changes: for a link or Back inside the app, in a
// dialog; for closing the tab or reloading, through the browser's own question.
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';

type Props = {
  dirty: boolean;
  what?: string;
  /** Whether the page keeps a copy in this browser (an autosave) to pick up later. */
  keptLocally?: boolean;
};

export function UnsavedChangesGuard({ dirty, what = 'your changes', keptLocally = true }: Props) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Keep editing"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>
        You have not saved {what}.{' '}
        {keptLocally ? 'A copy stays in this browser, so you can pick it up when you come back.' : 'If you leave now, it is lost.'}
      </p>
    </ConfirmDialog>
  );
}

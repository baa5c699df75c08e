// Asks before something that cannot be undone. A native modal <dialog>: focus moves into it
// and stays there, Escape cancels, and focus returns to the control that opened it.
import { useEffect, useId, useRef } from 'react';

type Props = {
  open: boolean;
  title: string;
  children?: React.ReactNode;
  /** The button that does it, named as the act: "Delete post". */
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', busy, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children ? <div id={bodyId}>{children}</div> : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

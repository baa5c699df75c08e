// Asks before something that cannot be undone, naming the act on its button ("Delete post").
// Cancel has the focus, so Enter never destroys anything by accident.
import { useId, type ReactNode } from 'react';
import { Modal } from './modal';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', busy, onConfirm, onCancel }: Props) {
  const bodyId = useId();
  return (
    <Modal open={open} title={title} onClose={onCancel} describedBy={children ? bodyId : undefined}>
      {children ? <div id={bodyId}>{children}</div> : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

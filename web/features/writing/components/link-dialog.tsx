// Where the writer gives a link's address; an empty address removes the link.
import { useState } from 'react';
import { Modal } from '../../../components/modal';

type Props = { open: boolean; initialHref: string; onApply: (href: string) => void; onClose: () => void };

export function LinkDialog({ open, initialHref, onApply, onClose }: Props) {
  return (
    <Modal open={open} title={initialHref ? 'Change link' : 'Add a link'} onClose={onClose}>
      {/* Mounted per opening, so the field starts from the link under the cursor. */}
      {open ? <LinkForm initialHref={initialHref} onApply={onApply} onClose={onClose} /> : null}
    </Modal>
  );
}

function LinkForm({ initialHref, onApply, onClose }: Omit<Props, 'open'>) {
  const [href, setHref] = useState(initialHref);
  return (
    <form
      className="stacked-form"
      onSubmit={(event) => {
        event.preventDefault();
        const address = href.trim();
        onApply(address && !/^(https?:|mailto:)/i.test(address) ? `https://${address}` : address);
      }}
    >
      <label htmlFor="link-address">Link address</label>
      <input
        id="link-address"
        type="text"
        inputMode="url"
        autoFocus
        placeholder="https://example.org/"
        value={href}
        onChange={(event) => setHref(event.target.value)}
      />
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        {initialHref ? (
          <button type="button" className="secondary" onClick={() => onApply('')}>
            Remove link
          </button>
        ) : null}
        <button type="submit">{initialHref ? 'Change link' : 'Add link'}</button>
      </div>
    </form>
  );
}

// Changing an item's title, description, tags and who may see it (a photo's, a video's): a
// button on its page opens a dialog over it. Each field says its limit before it is reached.
import { useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Modal } from '../../../components/modal';
import type { Visibility } from '../../../lib/api-types';
import { writingQueries } from '../api/writing-queries';
import { TagInput } from './tag-input';
import { VisibilitySelect } from './visibility-select';

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 4000;

const saveWords = (noun: string) => ({
  '4': `The ${noun} could not be saved as it is: check the title (up to ${MAX_TITLE} characters) and the tags (up to 20, each up to 64 characters).`,
  '3': `This ${noun} no longer exists: it may have been deleted meanwhile.`,
});

/** What the dialog changes; the description as HTML, as the service keeps it. */
export type ItemDetails = { title: string; description: string; tags: string[]; visibility: Visibility };

type Props<TSaved> = {
  network: string;
  /** What the item is, in a sentence: "photo", "video". */
  noun: string;
  item: ItemDetails;
  save: UseMutationOptions<TSaved, Error, ItemDetails>;
};

export function EditDetailsButton<TSaved>(props: Props<TSaved>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Edit {props.noun}
      </button>
      <Modal open={open} title={`Edit ${props.noun}`} onClose={() => setOpen(false)} className="modal-wide">
        {open ? <EditDetailsForm {...props} onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

/** The stored description is HTML; the form edits its text, paragraphs and line breaks kept. */
export function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}

/** The text back as HTML: blank lines part paragraphs, single line breaks stay. */
export function htmlOf(text: string): string {
  const escape = (line: string) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

function EditDetailsForm<TSaved>({ network, noun, item, save: options, onClose }: Props<TSaved> & { onClose: () => void }) {
  const [form, setForm] = useState<ItemDetails>({ ...item, description: textOf(item.description) });
  const save = useMutation(options);
  const suggestions = useQuery(writingQueries.tagSuggestions(network)).data ?? [];
  const ids = { title: useId(), titleHint: useId(), description: useId(), descriptionHint: useId() };
  const change = (patch: Partial<ItemDetails>) => setForm((was) => ({ ...was, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ ...form, description: htmlOf(form.description) }, { onSuccess: onClose });
  }

  return (
    <form className="settings-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          value={form.title}
          maxLength={MAX_TITLE}
          aria-describedby={ids.titleHint}
          onChange={(event) => change({ title: event.target.value })}
        />
        <p id={ids.titleHint} className="field-hint">
          Up to {MAX_TITLE} characters.
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          rows={4}
          value={form.description}
          maxLength={MAX_DESCRIPTION}
          aria-describedby={ids.descriptionHint}
          onChange={(event) => change({ description: event.target.value })}
        />
        <p id={ids.descriptionHint} className="field-hint">
          {form.description.length.toLocaleString()} of {MAX_DESCRIPTION.toLocaleString()} characters
        </p>
      </div>
      <TagInput tags={form.tags} onChange={(tags) => change({ tags })} suggestions={suggestions} />
      <VisibilitySelect value={form.visibility} onChange={(visibility) => change({ visibility })} />
      {save.isError ? <ErrorMessage error={save.error} title={`The ${noun} was not saved.`} words={saveWords(noun)} /> : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save ${noun}`}
        </button>
      </div>
    </form>
  );
}

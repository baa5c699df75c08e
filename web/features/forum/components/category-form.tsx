// A category's name and what it is for: adding one, and an administrator changing one.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { CategoryFields } from '../api/forum-mutations';
import { TITLE_LIMIT } from './topic-form';

const DESCRIPTION_LIMIT = 500;

type Props<TSaved> = {
  initial?: CategoryFields;
  save: UseMutationOptions<TSaved, Error, CategoryFields>;
  submitLabel: string;
  failure: string;
  /** After the service has it; a new category's form empties itself first. */
  onSaved?: () => void;
  /** A Cancel button beside the submit, for a form in a dialog. */
  onCancel?: () => void;
};

export function CategoryForm<TSaved>({ initial, save: options, submitLabel, failure, onSaved, onCancel }: Props<TSaved>) {
  const [fields, setFields] = useState<CategoryFields>(initial ?? { title: '', description: '' });
  const save = useMutation(options);
  const titleId = useId();
  const descriptionId = useId();

  function send(event: FormEvent) {
    event.preventDefault();
    if (!fields.title.trim()) return;
    save.mutate(fields, {
      onSuccess: () => {
        if (!initial) setFields({ title: '', description: '' });
        onSaved?.();
      },
    });
  }

  const submit = (
    <button type="submit" disabled={save.isPending}>
      {submitLabel}
    </button>
  );

  return (
    <form className="stacked-form" onSubmit={send}>
      <label htmlFor={titleId}>Category name</label>
      <input
        id={titleId}
        value={fields.title}
        onChange={(event) => setFields({ ...fields, title: event.target.value })}
        required
        maxLength={TITLE_LIMIT}
        aria-describedby={`${titleId}-hint`}
      />
      <p id={`${titleId}-hint`} className="field-hint">
        Up to {TITLE_LIMIT} characters.
      </p>
      <label htmlFor={descriptionId}>What it is for (optional)</label>
      <input
        id={descriptionId}
        value={fields.description}
        onChange={(event) => setFields({ ...fields, description: event.target.value })}
        maxLength={DESCRIPTION_LIMIT}
      />
      {save.isError ? <ErrorMessage error={save.error} title={failure} /> : null}
      {onCancel ? (
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          {submit}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}

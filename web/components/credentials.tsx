// What access tokens and API keys have in common: naming a new one, its secret shown once to
// copy, and revoking one after asking. The feature supplies the mutations and the words.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorMessage, type ErrorWords } from './error-message';

const MAX_NAME = 100;

type NameFormProps<TNew> = {
  /** The form's name for assistive technology: "Create a token". */
  title: string;
  label: string;
  /** What the name is for, shown under the field; the length limit is added. */
  hint: string;
  submitLabel: string;
  failure: string;
  words?: ErrorWords;
  create: UseMutationOptions<TNew, Error, string>;
  onCreated: (created: TNew) => void;
};

export function NameForm<TNew>({ title, label, hint, submitLabel, failure, words, create: options, onCreated }: NameFormProps<TNew>) {
  const [name, setName] = useState('');
  const create = useMutation(options);
  const nameId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
    });
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label={title}>
      <label htmlFor={nameId}>{label}</label>
      <input id={nameId} value={name} maxLength={MAX_NAME} required aria-describedby={hintId} onChange={(event) => setName(event.target.value)} />
      <p id={hintId} className="field-hint">
        {hint} Up to {MAX_NAME} characters.
      </p>
      {create.isError ? <ErrorMessage error={create.error} title={failure} words={words} /> : null}
      <button type="submit" disabled={create.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}

type ShownOnceProps = {
  /** The first line: what was created, and that it is shown this once. */
  intro: ReactNode;
  fields: { label: string; value: string; labelHidden?: boolean }[];
  copyLabel: string;
  hint: ReactNode;
  onDone: () => void;
};

/** A new secret, to copy now: the service never shows it again. */
export function ShownOnce({ intro, fields, copyLabel, hint, onDone }: ShownOnceProps) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = fields.map((field) => field.value).join('\n');
  return (
    <div className="new-token" role="status">
      <p>{intro}</p>
      {fields.map((field, i) => (
        <Fragment key={field.label}>
          <label htmlFor={`${id}-${i}`} className={field.labelHidden ? 'visually-hidden' : undefined}>
            {field.label}
          </label>
          <textarea
            id={`${id}-${i}`}
            className="token-value"
            readOnly
            rows={1}
            spellCheck={false}
            value={field.value}
            onFocus={(event) => event.target.select()}
          />
        </Fragment>
      ))}
      <div className="composer-actions">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(copy).then(() => setCopied(true))}>
          {copied ? 'Copied' : copyLabel}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="field-hint">{hint}</p>
    </div>
  );
}

type RevokeProps<TDone> = {
  /** The one being revoked, or null while none is. */
  item: { id: string; name: string } | null;
  /** What it is: "token", "key". */
  noun: string;
  /** What stops, in a sentence after the quoted name. */
  consequence: (name: string) => ReactNode;
  words?: ErrorWords;
  revoke: UseMutationOptions<TDone, Error, string>;
  onClose: () => void;
};

/** Asks before revoking, then revokes; says so when the service refuses. */
export function RevokeDialog<TDone>({ item, noun, consequence, words, revoke: options, onClose }: RevokeProps<TDone>) {
  const revoke = useMutation(options);
  return (
    <>
      {revoke.isError ? <ErrorMessage error={revoke.error} title={`The ${noun} was not revoked.`} words={words} /> : null}
      <ConfirmDialog
        open={item !== null}
        title={`Revoke this ${noun}?`}
        confirmLabel={`Revoke ${noun}`}
        busy={revoke.isPending}
        onCancel={onClose}
        onConfirm={() => item && revoke.mutate(item.id, { onSettled: onClose })}
      >
        <p>{item ? consequence(item.name) : null} This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

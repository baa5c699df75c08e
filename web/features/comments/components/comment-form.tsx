// Where a member who may write adds a comment. The text is cleared as soon as it is sent and
// put back if the service turns it down; the limit shows before it is reached.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { addCommentOptions } from '../api/add-comment';

const MAX_COMMENT_LENGTH = 4000;
const COMMENT_WORDS = { '4': `A comment needs some text, and at most ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters.` };

type Props = {
  network: string;
  attachedTo: string;
  /** What the field and button say: "Your comment" and "Comment" unless a reply form says otherwise. */
  label?: string;
  submitLabel?: string;
};

export function CommentForm({ network, attachedTo, label = 'Your comment', submitLabel = 'Comment' }: Props) {
  const [draft, setDraft] = useState('');
  const addComment = useMutation(addCommentOptions(network, attachedTo));
  const fieldId = useId();
  const hintId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const description = draft.trim();
    if (!description) return;
    setDraft('');
    addComment.mutate(description, { onError: () => setDraft(description) });
  }

  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        name="description"
        rows={4}
        required
        maxLength={MAX_COMMENT_LENGTH}
        aria-describedby={hintId}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <p id={hintId} className="field-hint">
        {draft.length.toLocaleString()} of {MAX_COMMENT_LENGTH.toLocaleString()} characters
      </p>
      {addComment.isError ? (
        <ErrorMessage error={addComment.error} title={`Your ${submitLabel === 'Comment' ? 'comment' : submitLabel.toLowerCase()} was not posted.`} words={COMMENT_WORDS} />
      ) : null}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

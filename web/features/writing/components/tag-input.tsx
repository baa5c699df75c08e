// A post's tags as chips. Typing offers the tags already in use on the network; Enter or a
// comma adds one, each chip's button removes it, and Backspace in the empty field removes the
// last. The service's limits (20 tags, 64 characters each, no duplicates) are kept here too.
import { useId, useState, type KeyboardEvent } from 'react';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 64;

type Props = { tags: string[]; onChange: (tags: string[]) => void; suggestions: readonly string[] };

export function TagInput({ tags, onChange, suggestions }: Props) {
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const full = tags.length >= MAX_TAGS;

  function add(raw: string) {
    const fresh = raw
      .split(',')
      .map((tag) => tag.trim().slice(0, MAX_TAG_LENGTH))
      .filter((tag, index, all) => tag && !hasTag(tags, tag) && all.findIndex((other) => same(other, tag)) === index);
    if (fresh.length > 0) onChange([...tags, ...fresh].slice(0, MAX_TAGS));
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && text.trim()) {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Enter') {
      // An empty field: Enter should not send the whole form.
      event.preventDefault();
    } else if (event.key === 'Backspace' && !text && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  const offered = suggestions.filter((tag) => !hasTag(tags, tag));

  return (
    <div className="tag-input">
      <label htmlFor={inputId}>Tags</label>
      <p id={hintId} className="field-hint">
        Up to {MAX_TAGS} tags. Press Enter or type a comma after each.
      </p>
      {tags.length > 0 ? (
        <ul className="chips">
          {tags.map((tag) => (
            <li key={tag} className="chip">
              <span>{tag}</span>
              <button type="button" className="chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={inputId}
        list={listId}
        aria-describedby={hintId}
        value={text}
        disabled={full}
        maxLength={MAX_TAG_LENGTH}
        placeholder={full ? 'No more tags' : 'Add a tag'}
        onChange={(event) => {
          // Choosing a suggestion fills the field with it whole: take it as a tag at once.
          const value = event.target.value;
          if (offered.includes(value) && (event.nativeEvent as InputEvent).inputType !== 'insertText') add(value);
          else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
      />
      <datalist id={listId}>
        {offered.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
    </div>
  );
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
const hasTag = (tags: readonly string[], tag: string) => tags.some((other) => same(other, tag));

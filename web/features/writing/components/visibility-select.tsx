// Who may see what a member shares (a post, a photo): everyone, members, their friends, or
// only themselves.
import { useId } from 'react';
import type { Visibility } from '../../../lib/api-types';

const VISIBILITIES: { value: Visibility; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'members', label: 'Members of this network' },
  { value: 'friends', label: 'My friends' },
  { value: 'me', label: 'Only me' },
];

export function VisibilitySelect({ value, onChange }: { value: Visibility; onChange: (visibility: Visibility) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Who can see it</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Visibility)}>
        {VISIBILITIES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// The small building blocks pages share: dates as people say them, failures in plain words,
// and asking before something that cannot be undone.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-message';
import { RelativeTime, relativeText } from './relative-time';
import { Skeleton } from './skeleton';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('relative dates', () => {
  const now = Date.parse('2024-03-10T12:00:00.000Z');
  const at = (offset: number) => new Date(now + offset);

  it('say how long ago, or how soon, in words', () => {
    expect(relativeText(at(-20_000), now)).toBe('just now');
    expect(relativeText(at(-5 * minute), now)).toBe('5 minutes ago');
    expect(relativeText(at(-3 * hour - 10 * minute), now)).toBe('3 hours ago');
    expect(relativeText(at(-1 * day - hour), now)).toBe('yesterday');
    expect(relativeText(at(-4 * day), now)).toBe('4 days ago');
    expect(relativeText(at(2 * hour + minute), now)).toBe('in 2 hours');
  });

  it('turn into a date after a month', () => {
    expect(relativeText(at(-40 * day), now)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at(-40 * day)));
  });

  it('carry the exact moment for machines and on hover', () => {
    render(<RelativeTime iso="2011-06-23T18:34:22.123Z" />);
    const time = screen.getByText(/2011/);
    expect(time.getAttribute('datetime')).toBe('2011-06-23T18:34:22.123Z');
    expect(time.getAttribute('title')).toContain('2011');
  });
});

describe('skeletons', () => {
  it('are heard as one label, and shaped as the page: its title, then rows of lines', () => {
    const { container } = render(<Skeleton label="Loading post…" rows={2} lines={3} heading />);
    expect(screen.getByRole('status').textContent).toBe('Loading post…');
    expect(container.querySelectorAll('.skeleton-heading[aria-hidden="true"]')).toHaveLength(1);
    expect(container.querySelectorAll('.skeleton-row')).toHaveLength(2);
    expect(container.querySelectorAll('.skeleton-row .skeleton-line')).toHaveLength(6);

    render(<Skeleton label="Loading comments…" />);
    expect(container.ownerDocument.querySelectorAll('.skeleton-heading')).toHaveLength(1);
  });

  it('stand in a page’s header in its own layout: its frame, title, line of details and button', () => {
    const { container } = render(<Skeleton label="Loading profile…" frame="avatar profile-avatar" header="profile-header" />);
    expect(screen.getByRole('status').textContent).toBe('Loading profile…');
    const header = container.querySelector('.profile-header[aria-hidden="true"]')!;
    expect([...header.children].map((child) => child.className)).toEqual(['avatar profile-avatar skeleton-tile', 'skeleton-lines']);
    expect([...header.querySelectorAll('.skeleton-lines > *')].map((line) => line.className)).toEqual([
      'skeleton-line skeleton-heading',
      'skeleton-line',
      'skeleton-line skeleton-button',
    ]);
  });
});

describe('failures in plain words', () => {
  const error = (code: number, subcode: number, status = 400) =>
    new ApiError({ status, code, subcode, reason: 'Parameter `count` must be between -100 and 100' });

  it('never show the service’s reason', () => {
    for (const [code, subcode] of [[1, 1], [2, 4], [3, 1], [4, 6], [5, 1], [6, 2], [9, 1], [7, 7]] as const) {
      expect(errorText(error(code, subcode))).not.toContain('count');
    }
  });

  it('pick the most specific sentence, and let a form say it better', () => {
    expect(errorText(error(1, 5, 401))).toBe('That email and password do not match a member of this network.');
    expect(errorText(error(2, 4, 403))).toContain('awaiting approval');
    expect(errorText(error(4, 3))).toBe('Something in what you sent is not valid. Check it and try again.');
    expect(errorText(error(6, 1, 409), { '6-1': 'A member with that email already exists.' })).toBe(
      'A member with that email already exists.',
    );
    expect(errorText(error(4, 3), { '4': 'Titles need words.' })).toBe('Titles need words.');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('We could not reach the server. Check your connection and try again.');
  });
});

describe('the confirmation dialog', () => {
  function DeleteButton({ onDelete }: { onDelete: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
        <ConfirmDialog
          open={open}
          title="Delete this post?"
          confirmLabel="Delete post"
          onConfirm={() => {
            setOpen(false);
            onDelete();
          }}
          onCancel={() => setOpen(false)}
        >
          It will be gone for everyone.
        </ConfirmDialog>
      </>
    );
  }

  it('asks first, and does nothing when cancelled', async () => {
    const user = userEvent.setup();
    let deleted = 0;
    render(<DeleteButton onDelete={() => deleted++} />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('It will be gone for everyone.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(deleted).toBe(1);
  });
});

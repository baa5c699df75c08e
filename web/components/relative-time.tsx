// A moment from the API as people say it ("3 hours ago", "in 2 days"), in the reader's
// locale, with the exact date and time on hover. Older moments read as a date. Every
// relative time on the page moves on together, once a minute.
import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * MINUTE],
  ['hour', 60 * MINUTE],
  ['minute', MINUTE],
];
/** Beyond this, a date says more than "5 weeks ago". */
const RELATIVE_LIMIT = 30 * 24 * 60 * MINUTE;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

let now = Date.now();
/** The moment a page rendered on the server was rendered at, which its hydration renders with too. */
let renderedAt: number | undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const notify of listeners) notify();
  }, MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Relative times on a page rendered on the server (there, and while the browser hydrates it) say them as of this moment. */
export function renderRelativeTimesAt(moment: number): void {
  renderedAt = moment;
}

/** The current time, shared by every relative time and moved on once a minute. */
function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => (listeners.size ? now : (now = Date.now())),
    () => renderedAt ?? now,
  );
}

export function relativeText(date: Date, at: number): string {
  const delta = date.getTime() - at;
  if (Math.abs(delta) >= RELATIVE_LIMIT) return dateOnly.format(date);
  if (Math.abs(delta) < MINUTE) return delta > 0 ? 'in a moment' : 'just now';
  const [unit, size] = UNITS.find(([, size]) => Math.abs(delta) >= size)!;
  return relative.format(Math.trunc(delta / size), unit);
}

export function exactText(iso: string): string {
  return exact.format(new Date(iso));
}

export function RelativeTime({ iso }: { iso: string }) {
  const at = useNow();
  const date = new Date(iso);
  return (
    // Rendered on the server, the words and the hover text follow its locale and time zone;
    // the browser puts its reader's own right after hydrating (its current time differs).
    <time dateTime={iso} title={exact.format(date)} suppressHydrationWarning>
      {relativeText(date, at)}
    </time>
  );
}

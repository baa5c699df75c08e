// One mapping from what went wrong to plain words for members. The service's `reason` is
// written for programmers (it names parameters), so it is never shown: the error's code and
// subcode pick the sentence, and a caller may say it better for its own situation.
import { ApiError } from '../lib/api-client';

/** `'code-subcode'` (e.g. `'6-1'`) or `'code'` to the words a form wants instead of the default. */
export type ErrorWords = Partial<Record<string, string>>;

const WORDS: Record<string, string> = {
  '1-5': 'That email and password do not match a member of this network.',
  '1': 'You need to sign in (again) to do that.',
  '2-3': 'Your membership of this network is blocked, so you cannot do that.',
  '2-4': 'Your membership is awaiting approval by an administrator. You can do this once you are approved.',
  '2': 'You are not allowed to do that.',
  '3-2': 'There is no network at this address.',
  '3': 'This no longer exists, or you are not allowed to see it.',
  '4-7': 'This list has changed since the page was opened. Go back to the first page and try again.',
  '4': 'Something in what you sent is not valid. Check it and try again.',
  '5-1': 'That was too many requests in a short time. Wait a minute, then try again.',
  '5-2': 'That is too large to send.',
  '5-3': 'That kind of file is not supported.',
  '6-1': 'That already exists.',
  '6-2': 'That cannot be done now: things changed meanwhile. Reload the page and try again.',
};
const SERVER_TROUBLE = 'The server ran into a problem. Try again in a moment.';
const OFFLINE = 'We could not reach the server. Check your connection and try again.';

export function errorText(error: unknown, words: ErrorWords = {}): string {
  if (!(error instanceof ApiError)) return OFFLINE;
  const exact = `${error.code}-${error.subcode}`;
  const general = String(error.code);
  return words[exact] ?? words[general] ?? WORDS[exact] ?? WORDS[general] ?? SERVER_TROUBLE;
}

/** Whether the service said the thing asked for is not there (or not visible to the caller). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Whether an item page's address leads nowhere: an unknown item (404), or an id that cannot be one (400). */
export const leadsNowhere = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

type Props = { error: unknown; title?: string; words?: ErrorWords; retry?: () => void };

export function ErrorMessage({ error, title, words, retry }: Props) {
  return (
    <div role="alert" className="alert">
      {title ? <strong>{title} </strong> : null}
      {errorText(error, words)}
      {retry ? (
        <>
          {' '}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </>
      ) : null}
    </div>
  );
}

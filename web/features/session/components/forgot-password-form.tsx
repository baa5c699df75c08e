// Asking for a link to choose a new password. The service answers the same for any email, so
// the page says what happens if the email belongs to a member, never whether it does.
import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { requestPasswordResetOptions } from '../api/password-reset-mutations';

export function ForgotPasswordForm({ network }: { network: string }) {
  const request = useMutation(requestPasswordResetOptions(network));
  const hint = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email')).trim());
  }

  if (request.isSuccess) {
    return (
      <div role="status" className="notice">
        <p>
          If <strong>{request.variables}</strong> belongs to a member of this network, a link to choose a
          new password is on its way to it. The link works once, within an hour.
        </p>
        <p>
          No mail after a few minutes? Check your spam folder, or{' '}
          <button type="button" className="link-button" onClick={() => request.reset()}>
            ask again
          </button>
          .
        </p>
        <p>
          <Link to={paths.signIn(network)}>Back to sign in</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Forgot password">
      <label htmlFor="forgot-password-email">Email</label>
      <input id="forgot-password-email" name="email" type="email" autoComplete="email" required aria-describedby={hint} />
      <p id={hint} className="field-hint">
        The email you signed up with. We send a link to it to choose a new password.
      </p>
      {request.isError ? (
        <ErrorMessage
          error={request.error}
          title="The link could not be sent."
          words={{ '5-1': 'You asked for links too many times in a short while. Wait a quarter of an hour, then try again.' }}
        />
      ) : null}
      <button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
}

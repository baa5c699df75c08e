// Choosing a new password with the token of a reset link; then the member signs in with it.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorMessage, isNotFound } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { resetPasswordOptions } from '../api/password-reset-mutations';
import { MIN_PASSWORD, TOO_SHORT } from '../password';

export function ResetPasswordForm({ network, token }: { network: string; token: string | null }) {
  const reset = useMutation(resetPasswordOptions(network));
  const navigate = useNavigate();
  const [tooShort, setTooShort] = useState(false);
  const hint = useId();

  if (!token || (reset.isError && isNotFound(reset.error))) {
    return (
      <div role="alert" className="alert">
        <p>
          {token
            ? 'This link has expired or was already used: each link works once, within an hour.'
            : 'This page needs the link from the password reset mail.'}
        </p>
        <p>
          <Link to={paths.forgotPassword(network)}>Ask for a new link</Link>
        </p>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password'));
    setTooShort(password.length < MIN_PASSWORD);
    if (password.length < MIN_PASSWORD) return;
    reset.mutate(
      { token: token!, password },
      { onSuccess: () => navigate(paths.signIn(network), { replace: true, state: { notice: 'password-changed' } }) },
    );
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Choose a new password" noValidate>
      <label htmlFor="reset-password-password">New password</label>
      <input
        id="reset-password-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        aria-describedby={hint}
        aria-invalid={tooShort || undefined}
      />
      <p id={hint} className="field-hint">
        At least {MIN_PASSWORD} characters. Setting it signs you out everywhere else.
      </p>
      {tooShort ? (
        <p role="alert" className="alert">
          {TOO_SHORT}
        </p>
      ) : reset.isError ? (
        <ErrorMessage error={reset.error} title="Your password could not be changed." words={{ '4-3': TOO_SHORT }} />
      ) : null}
      <button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}

// Joining the network: the service creates the member and signs them in.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { ApiError } from '../../../lib/api-client';
import { signUpOptions } from '../api/session-mutations';
import { MIN_PASSWORD, TOO_SHORT } from '../password';

const CONFLICT = 6;

export function SignUpForm({ network }: { network: string }) {
  const signUp = useMutation(signUpOptions(network));
  const [tooShort, setTooShort] = useState(false);
  const hint = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    setTooShort(password.length < MIN_PASSWORD);
    if (password.length < MIN_PASSWORD) return;
    signUp.mutate({ fullName: String(form.get('fullName')), email: String(form.get('email')), password });
  }

  const emailTaken = signUp.error instanceof ApiError && signUp.error.code === CONFLICT;

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Sign up">
      <label htmlFor="sign-up-name">Full name</label>
      <input id="sign-up-name" name="fullName" autoComplete="name" required />
      <label htmlFor="sign-up-email">Email</label>
      <input id="sign-up-email" name="email" type="email" autoComplete="email" required />
      <label htmlFor="sign-up-password">Password</label>
      <input
        id="sign-up-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        aria-describedby={hint}
        aria-invalid={tooShort || undefined}
      />
      <p id={hint} className="field-hint">
        At least {MIN_PASSWORD} characters.
      </p>
      {tooShort ? (
        <p role="alert" className="alert">
          {TOO_SHORT}
        </p>
      ) : emailTaken ? (
        <p role="alert" className="alert">
          A member with that email already exists. Sign in instead.
        </p>
      ) : signUp.isError ? (
        <ErrorMessage error={signUp.error} title="Your account could not be created." />
      ) : null}
      <button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Sign up'}
      </button>
    </form>
  );
}

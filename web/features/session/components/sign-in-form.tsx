// Email and password in, a session cookie out.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { ApiError } from '../../../lib/api-client';
import { signInOptions } from '../api/session-mutations';

const WRONG_CREDENTIALS = { code: 1, subcode: 5 };

export function SignInForm({ network }: { network: string }) {
  const signIn = useMutation(signInOptions(network));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) });
  }

  const wrongCredentials =
    signIn.error instanceof ApiError &&
    signIn.error.code === WRONG_CREDENTIALS.code &&
    signIn.error.subcode === WRONG_CREDENTIALS.subcode;

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Sign in">
      <label htmlFor="sign-in-email">Email</label>
      <input id="sign-in-email" name="email" type="email" autoComplete="email" required />
      <label htmlFor="sign-in-password">Password</label>
      <input
        id="sign-in-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      {wrongCredentials ? (
        <p role="alert" className="alert">
          That email and password do not match a member of this network.
        </p>
      ) : signIn.isError ? (
        <ErrorMessage error={signIn.error} title="You could not be signed in." />
      ) : null}
      <button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

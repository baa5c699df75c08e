// Signing in, signing up and signing out. Each changes what the caller may see, so every
// query is refetched afterwards; the session itself is set from the answer where there is one.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope, EntryEnvelope, SessionEntry } from '../../../lib/api-types';
import { sessionQuery } from './session-queries';

export type Credentials = { email: string; password: string };
export type NewMember = Credentials & { fullName: string };

export function signInOptions(network: string) {
  return mutationOptions({
    mutationKey: ['session', 'signIn', network],
    mutationFn: (credentials: Credentials, { client }) =>
      apiSend<EntryEnvelope<SessionEntry>>(client, network, 'Session', {
        method: 'POST',
        form: credentials,
      }),
    onSuccess: ({ entry }, _credentials, _onMutateResult, { client }) =>
      client.setQueryData(sessionQuery(network).queryKey, entry),
    meta: { invalidates: 'all' },
  });
}

/** Creates the member; the service signs them in, and the refetched session shows it. */
export function signUpOptions(network: string) {
  return mutationOptions({
    mutationKey: ['session', 'signUp', network],
    mutationFn: (member: NewMember, { client }) =>
      apiSend<CreatedEnvelope>(client, network, 'User', { method: 'POST', form: member }),
    meta: { invalidates: 'all' },
  });
}

export function signOutOptions(network: string) {
  return mutationOptions({
    mutationKey: ['session', 'signOut', network],
    mutationFn: (_: void, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Session', { method: 'DELETE' }),
    onSuccess: (_done, _variables, _onMutateResult, { client }) =>
      client.setQueryData(sessionQuery(network).queryKey, null),
    meta: { invalidates: 'all' },
  });
}

// The signed-in member's own account: their profile as they may edit it, and their personal
// access tokens (never the tokens themselves, which are shown once, when made).
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import type { DoneEnvelope, EntryEnvelope, Member, Reply } from '../../../lib/api-types';

export type AccessToken = Reply<'/AccessToken', 'get'>['entry'][number];
export type NewAccessToken = Reply<'/AccessToken', 'post'>['entry'];

/** What a member writes about themselves; empty text clears a field. */
export type ProfileChange = Partial<Pick<Member, 'fullName' | 'statusMessage' | 'location' | 'birthdate' | 'gender'>>;

export const accountQueries = {
  all: () => ['account'] as const,
  profile: (network: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'profile', network] as const,
      // `GET User` without an id is the caller.
      queryFn: async ({ signal }) => (await apiGet<EntryEnvelope<Member>>(network, 'User', {}, signal)).entry,
    }),
  tokens: (network: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'tokens', network] as const,
      queryFn: async ({ signal }) => (await apiGet<Reply<'/AccessToken', 'get'>>(network, 'AccessToken', {}, signal)).entry,
    }),
};

export function updateProfileOptions(network: string) {
  return mutationOptions({
    mutationKey: [...accountQueries.all(), 'update', network],
    mutationFn: (change: ProfileChange, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'User', {
        method: 'PUT',
        form: Object.fromEntries(Object.entries(change).map(([name, value]) => [name, value ?? ''])),
      }),
    // The name and status show in the header, on posts, in activity: everywhere.
    meta: { invalidates: 'all' },
  });
}

export function createTokenOptions(network: string) {
  return mutationOptions({
    mutationKey: [...accountQueries.all(), 'createToken', network],
    mutationFn: async (name: string, { client }) =>
      (await apiSend<Reply<'/AccessToken', 'post'>>(client, network, 'AccessToken', { method: 'POST', form: { name } })).entry,
    meta: { invalidates: [accountQueries.tokens(network).queryKey] },
  });
}

export function revokeTokenOptions(network: string) {
  return mutationOptions({
    mutationKey: [...accountQueries.all(), 'revokeToken', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'AccessToken', { method: 'DELETE', query: { id } }),
    meta: { invalidates: [accountQueries.tokens(network).queryKey] },
  });
}

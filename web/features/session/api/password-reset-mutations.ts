// A forgotten password: asking for a one-time link, and choosing a new password with its token.
// Neither changes what the caller may see: the member signs in afterwards.
import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DoneEnvelope } from '../../../lib/api-types';

export function requestPasswordResetOptions(network: string) {
  return mutationOptions({
    mutationKey: ['session', 'requestPasswordReset', network],
    mutationFn: (email: string, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'PasswordReset', { method: 'POST', form: { email } }),
  });
}

export function resetPasswordOptions(network: string) {
  return mutationOptions({
    mutationKey: ['session', 'resetPassword', network],
    mutationFn: (reset: { token: string; password: string }, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'PasswordReset/complete', { method: 'POST', form: reset }),
  });
}

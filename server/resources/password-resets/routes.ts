// PasswordReset route table (our extension): asking for a one-time link to choose a new
// password, and choosing it with the link's token. Open to everyone, on private networks too.
import { z } from 'zod';
import { endpoint } from '../../http/endpoint';
import { passwordParam } from '../users/schema';
import { requestPasswordReset, resetPassword } from './service';

export const passwordResetEndpoints = [
  endpoint({
    method: 'POST',
    path: 'PasswordReset',
    allow: 'public',
    extension: true,
    reply: 'done',
    summary:
      'Sends a one-time link to choose a new password to the member with this email (by mail, or printed in the server log ' +
      'when no mail server is configured). Answers the same whether or not the email belongs to a member; an address may ask ' +
      '5 times per 15 minutes (then 503, 5-1, with Retry-After), and an account is sent at most 3 links per hour.',
    params: z.object({ email: z.string().trim().min(1, { error: 'must not be empty' }).max(320) }),
    handle: async (ctx, p) => {
      await requestPasswordReset(ctx, p.email, `${ctx.present.origin}/n/${ctx.network.subdomain}/reset-password`);
      return {};
    },
  }),
  endpoint({
    method: 'POST',
    path: 'PasswordReset/complete',
    allow: 'public',
    extension: true,
    reply: 'done',
    summary:
      'Sets a new password with the token of a reset link: the link works once, within an hour of asking (else 404, 3-1). ' +
      "The member's other links end, and every session of the member is signed out.",
    params: z.object({ token: z.string().min(1).max(200), password: passwordParam }),
    handle: async (ctx, p) => {
      await resetPassword(ctx, p.token, p.password);
      return {};
    },
  }),
];

// Random identifiers: screen names like the historical ones, tokens and secrets.
import crypto from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A screen name of lowercase letters and digits that starts with a digit, as historical ones do. */
export function screenName(): string {
  const bytes = crypto.randomBytes(12);
  let name = String(bytes[0]! % 10);
  for (let i = 1; i < 12; i++) name += alphabet[bytes[i]! % alphabet.length];
  return name;
}

export const token = (bytes = 24) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

// Password hashing with scrypt (memory-hard, salted), in a self-describing format so the
// cost can be raised later without invalidating stored hashes: a sign-in with a password
// hashed at a lower cost stores it again at the current one (`needsRehash`).
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
/**
 * OWASP's scrypt guidance (Password Storage Cheat Sheet): N=2^15, r=8, p=3 is one of its
 * equivalent minimum settings, at 32 MiB per hash rather than the 128 MiB of N=2^17, p=1.
 */
export const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = PASSWORD_COST;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** True when a stored hash was made at another cost than the current one. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PASSWORD_COST.N || Number(r) !== PASSWORD_COST.r || Number(p) !== PASSWORD_COST.p;
}

/**
 * A hash of no one's password, verified when an email is unknown, so a wrong email takes as
 * long to refuse as a wrong password and the answer's timing tells nobody who has an account.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A strong random password for accounts created without one (printed once to the operator). */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

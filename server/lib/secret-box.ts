// Encryption at rest for the secrets the service must read back: OAuth consumer and token
// secrets key HMAC-SHA1 signatures, so unlike passwords and personal tokens they cannot be
// hashed. AES-256-GCM under the operator's key (SECRETS_KEY, else a key kept in DATA_DIR).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that holds the key when SECRETS_KEY is not set. */
export const KEY_FILE = 'secrets.key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key written as 64 hex digits or as base64 (`openssl rand -base64 32`); undefined when it is neither. */
export function parseKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : undefined;
}

/** Names a key without saying anything about it: the start of its SHA-256. */
export function keyId(key: Buffer): string {
  return crypto.createHash('sha256').update('community secrets key').update(key).digest('hex').slice(0, 12);
}

/**
 * Seals and opens values as `v1:<key id>:<base64url of iv, ciphertext and tag>`. Each value is
 * sealed with the name of what it belongs to (`oauth_tokens:<token>`) as associated data, so a
 * sealed secret copied onto another row does not open. Previous keys only open (key rotation).
 */
export class SecretBox {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(key: Buffer, previous: Buffer[] = []) {
    this.keyId = keyId(key);
    for (const k of [...previous, key]) this.keys.set(keyId(k), k);
  }

  /** The key ids this box opens: the current one and any previous ones. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /** A box that seals with `key` and still opens all this one opens: the key rotated to `key`. */
  rotatedTo(key: Buffer): SecretBox {
    return new SecretBox(key, [...this.keys.values()]);
  }

  seal(plain: string, belongsTo: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(belongsTo));
    const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}:${this.keyId}:${body.toString('base64url')}`;
  }

  /** The plain value; throws when it was sealed with a key this box lacks, for another row, or was altered. */
  open(sealed: string, belongsTo: string): string {
    const [version, id, body] = sealed.split(':');
    if (version !== VERSION || !id || body === undefined) throw new Error('not a sealed secret');
    const key = this.keys.get(id);
    if (!key) throw new Error(`sealed with key ${id}, which this server does not have (SECRETS_KEY)`);
    const bytes = Buffer.from(body, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(belongsTo));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}:`);
  }
}

/**
 * The deployment's box: SECRETS_KEY when set, else the key in DATA_DIR/secrets.key, made on
 * the first start (readable by its owner only). SECRETS_KEY_PREVIOUS names keys being rotated out.
 */
export function loadSecretBox(config: { SECRETS_KEY?: Buffer; SECRETS_KEY_PREVIOUS: Buffer[]; DATA_DIR: string }): SecretBox {
  return new SecretBox(config.SECRETS_KEY ?? keyFromDataDir(config.DATA_DIR), config.SECRETS_KEY_PREVIOUS);
}

function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked into place: a worker starting alongside
    // reads either no file or the whole key, and the first link wins.
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits or base64)`);
  return key;
}

import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretKeys } from './secret-keys';

const VERSION = 'v1';
const IV_BYTES = 12;

/** A key's id in a sealed value: enough of its SHA-256 to tell the current key from the previous. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** The HMAC key of token digests, derived from a sealing key so one setting holds both. */
const digestKeyOf = (key: Buffer) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'token-digest', 32));

interface Keyring {
  id: string;
  key: Buffer;
  digestKey: Buffer;
}

/**
 * Secrets at rest (CONTRACT 20). `seal` encrypts a value the service must read back (a webhook's
 * signing secret) with AES-256-GCM as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url);
 * `digest` keys the SHA-256 of a value it only compares (a confirmation code, a reset token)
 * with an HMAC, so a stolen table alone does not let six-digit codes be tried offline.
 */
export class SecretBox {
  private readonly current: Keyring;
  private readonly previous: Keyring | null;

  constructor(keys: SecretKeys) {
    const ring = (key: Buffer): Keyring => ({ id: keyIdOf(key), key, digestKey: digestKeyOf(key) });
    this.current = ring(keys.current);
    this.previous = keys.previous ? ring(keys.previous) : null;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.current.id, iv, cipher.getAuthTag(), encrypted]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The value `sealed` holds; throws when neither key sealed it or it was altered. */
  open(sealed: string): string {
    const [version, keyId, iv, tag, encrypted] = sealed.split('.');
    const ring = [this.current, this.previous].find((candidate) => candidate?.id === keyId);
    if (version !== VERSION || !ring || encrypted === undefined)
      throw new Error('a sealed secret neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens');
    const decipher = createDecipheriv('aes-256-gcm', ring.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether `sealed` is sealed with the current key (a rotation leaves it as it is). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`${VERSION}.${this.current.id}.`);
  }

  /** What is stored for a compared value: hex HMAC-SHA256 of its SHA-256, under the current key. */
  digest(value: string): string {
    return this.digestOfHash(sha256(value));
  }

  /** The digests a stored one may be: under the current key, and the previous one while it is kept. */
  digests(value: string): string[] {
    const hashed = sha256(value);
    return [this.current, ...(this.previous ? [this.previous] : [])].map((ring) => hmac(ring, hashed));
  }

  /** The digest of a value known only by its SHA-256 (a row stored before digests were keyed). */
  digestOfHash(hashed: string): string {
    return hmac(this.current, hashed);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (ring: Keyring, hashed: string) => createHmac('sha256', ring.digestKey).update(hashed).digest('hex');

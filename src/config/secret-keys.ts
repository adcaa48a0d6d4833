import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type Environment, isSecretsKey } from './environment';
import { StartupError } from './startup-error';

/** SECRETS_KEY's length: an AES-256 key. */
const SECRETS_KEY_BYTES = 32;

/** The file the zero-config start keeps its generated key in, under DATA_DIR. */
export const GENERATED_KEY_FILE = 'secrets.key';

export interface SecretKeys {
  /** Seals every new value and keys every new digest. */
  current: Buffer;
  /** A key being rotated out: still opens what it sealed and matches its digests. */
  previous: Buffer | null;
}

type KeySettings = Pick<Environment, 'NODE_ENV' | 'DATA_DIR' | 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS'>;

/**
 * The keys secrets at rest are sealed with (CONTRACT 20): SECRETS_KEY and SECRETS_KEY_PREVIOUS.
 * Without SECRETS_KEY, production refuses to start; any other start reads the key it generated
 * under DATA_DIR, generating it on the first start (written exclusively, so processes starting
 * together agree on one).
 */
export function loadSecretKeys(settings: KeySettings): SecretKeys {
  const previous = settings.SECRETS_KEY_PREVIOUS ? Buffer.from(settings.SECRETS_KEY_PREVIOUS, 'base64') : null;
  if (settings.SECRETS_KEY) return { current: Buffer.from(settings.SECRETS_KEY, 'base64'), previous };
  if (settings.NODE_ENV === 'production')
    throw new StartupError(
      'SECRETS_KEY is not set: production needs it (32 random bytes, base64: `openssl rand -base64 32`), see docs/operations.md',
    );
  return { current: generatedKey(settings.DATA_DIR), previous };
}

function generatedKey(dataDir: string): Buffer {
  const file = join(dataDir, GENERATED_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!isSecretsKey(text))
    throw new StartupError(`${file} is not a base64 key of 32 bytes: restore it, or set SECRETS_KEY`);
  return Buffer.from(text, 'base64');
}

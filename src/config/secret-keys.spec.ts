import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED_KEY_FILE, loadSecretKeys } from './secret-keys';
import { StartupError } from './startup-error';

describe('loadSecretKeys', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'secret-keys-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes SECRETS_KEY and SECRETS_KEY_PREVIOUS', () => {
    const [current, previous] = [randomBytes(32), randomBytes(32)];
    expect(
      loadSecretKeys({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SECRETS_KEY: current.toString('base64'),
        SECRETS_KEY_PREVIOUS: previous.toString('base64'),
      }),
    ).toEqual({ current, previous });
  });

  it('without SECRETS_KEY in production, refuses with one line saying what to set', () => {
    const load = () => loadSecretKeys({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(/^SECRETS_KEY is not set[^\n]*$/);
  });

  it('without SECRETS_KEY elsewhere, generates a key under DATA_DIR (owner-only) and keeps it', () => {
    const first = loadSecretKeys({ NODE_ENV: 'development', DATA_DIR: join(dataDir, 'data') });
    const second = loadSecretKeys({ NODE_ENV: 'development', DATA_DIR: join(dataDir, 'data') });
    expect(first.current).toHaveLength(32);
    expect(second.current.equals(first.current)).toBe(true);
    expect(statSync(join(dataDir, 'data', GENERATED_KEY_FILE)).mode & 0o777).toBe(0o600);
  });
});

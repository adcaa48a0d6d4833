import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];

  it('seals with AES-256-GCM: the value never appears, each seal differs, and it opens to the value', () => {
    const box = new SecretBox({ current: newKey, previous: null });
    const [first, second] = [box.seal('whsec_abc'), box.seal('whsec_abc')];
    expect(first).not.toContain('whsec_abc');
    expect(first).not.toBe(second);
    expect(first.length).toBeLessThanOrEqual(128);
    expect(box.open(first)).toBe('whsec_abc');
    expect(box.isCurrent(first)).toBe(true);
  });

  it('reads with either key during a rotation, and writes with the new one', () => {
    const sealedBefore = new SecretBox({ current: oldKey, previous: null }).seal('whsec_' + 'x'.repeat(44));
    const rotating = new SecretBox({ current: newKey, previous: oldKey });
    expect(rotating.open(sealedBefore)).toBe('whsec_' + 'x'.repeat(44));
    expect(rotating.isCurrent(sealedBefore)).toBe(false);
    expect(() => new SecretBox({ current: newKey, previous: null }).open(sealedBefore)).toThrow(/SECRETS_KEY/);
  });

  it('refuses a sealed value that was altered', () => {
    const box = new SecretBox({ current: newKey, previous: null });
    const sealed = box.seal('whsec_abc');
    // The character before last, changed (a 'B' where it was an 'A': the same letter would be no change).
    const altered = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1);
    expect(altered).not.toBe(sealed);
    expect(() => box.open(altered)).toThrow();
  });

  it('digests are keyed (another key gives another digest) and matched under either key while rotating', () => {
    const before = new SecretBox({ current: oldKey, previous: null });
    const rotating = new SecretBox({ current: newKey, previous: oldKey });
    expect(before.digest('account:123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(rotating.digest('account:123456')).not.toBe(before.digest('account:123456'));
    expect(rotating.digests('account:123456')).toEqual([
      rotating.digest('account:123456'),
      before.digest('account:123456'),
    ]);
  });
});

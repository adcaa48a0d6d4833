import { hashToken, issueToken, tokenKindOf } from './secret-token';

describe('secret tokens', () => {
  it('issues a prefixed token whose prefix and hash describe it', () => {
    const token = issueToken('apiKey');
    expect(token.raw).toMatch(/^bpk_[0-9A-Za-z]{38}$/);
    expect(token.raw.startsWith(token.prefix)).toBe(true);
    expect(token.prefix).toHaveLength(12);
    expect(token.hash).toBe(hashToken(token.raw));
    expect(token.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('recognises each kind by its prefix and checksum', () => {
    expect(tokenKindOf(issueToken('apiKey').raw)).toBe('apiKey');
    expect(tokenKindOf(issueToken('session').raw)).toBe('session');
    expect(tokenKindOf(issueToken('fingerprint').raw)).toBe('fingerprint');
  });

  it('rejects a token with one character changed, an unknown kind, or the wrong length', () => {
    const raw = issueToken('apiKey').raw;
    const flipped = raw.slice(0, 10) + (raw[10] === 'a' ? 'b' : 'a') + raw.slice(11);
    expect(tokenKindOf(flipped)).toBeNull();
    expect(tokenKindOf('xyz' + raw.slice(3))).toBeNull();
    expect(tokenKindOf(raw + 'a')).toBeNull();
    expect(tokenKindOf('')).toBeNull();
  });

  it('never issues the same token twice', () => {
    const raws = new Set(Array.from({ length: 1000 }, () => issueToken('session').raw));
    expect(raws.size).toBe(1000);
  });
});

import { SessionFingerprints } from './session-fingerprints';

describe('SessionFingerprints', () => {
  it('names the relation its owner registered', () => {
    const fingerprints = new SessionFingerprints();
    fingerprints.readFrom('fingerprint_lifetimes');
    expect(fingerprints.relation).toBe('fingerprint_lifetimes');
  });

  it('refuses to be read before a module registers', () => {
    expect(() => new SessionFingerprints().relation).toThrow('No module registers the fingerprints sessions live by');
  });
});

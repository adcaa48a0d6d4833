/**
 * The view sessions read a fingerprint's lifetime through (migration ModuleViews): id,
 * expires_at, deactivated_at. Registered with the accounts module's SessionFingerprints at
 * start-up (fingerprints imports accounts, so accounts does not import this face).
 */
export const FINGERPRINT_LIFETIMES = 'fingerprint_lifetimes';

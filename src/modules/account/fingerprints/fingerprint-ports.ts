import type { FingerprintsRepository } from './fingerprints.repository';

/**
 * What sign-in (account/auth) may do with fingerprints: use one to sign in, and revoke them all
 * when the password changes. Provided by FingerprintsRepository.
 */
export abstract class FingerprintSignIn {}
export interface FingerprintSignIn extends Pick<FingerprintsRepository, 'useForSignIn' | 'revokeAllOf'> {}

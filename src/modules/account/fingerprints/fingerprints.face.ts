/**
 * What other modules may use of fingerprints (docs/architecture.md, "Module faces").
 */
export { FingerprintsModule } from './fingerprints.module';
export { FingerprintSignIn } from './fingerprint-ports';

import { declareTag } from '../../../core/openapi/tags';

/**
 * What the auth module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Auth', 'Sign-up, sign-in with a password or a fingerprint key, e-mail confirmation, sign-out.');

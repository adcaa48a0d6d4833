import { declareTag } from '../../../core/openapi/tags';

/**
 * What the accounts module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Account', "The caller's own account: profile, summary, fingerprint keys, invitations received.");

import { declareTag } from '../../../core/openapi/tags';

/**
 * What the plans module names for the platform: its OpenAPI tag, which the permissions and
 * currencies reference routes share. src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Public', 'Reference data readable without a credential: plans, currencies, the permission catalog.');

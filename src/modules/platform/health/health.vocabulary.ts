import { declareTag } from '../../../core/openapi/tags';

/**
 * What the health module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Service', 'Liveness, readiness and status of the service.');

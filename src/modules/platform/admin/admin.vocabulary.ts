import { declareTag } from '../../../core/openapi/tags';

/**
 * What the operators' console names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Admin', "The operators' console (CONTRACT 21): platform administrators by level; see docs/admin.md.");

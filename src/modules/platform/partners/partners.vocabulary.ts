import { declareTag } from '../../../core/openapi/tags';

/**
 * What the partners module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Partners', "The public partner application form and the administrators' list of applications.");

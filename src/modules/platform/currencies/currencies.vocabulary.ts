import { declareTag } from '../../../core/openapi/tags';

/**
 * What the currencies module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Currencies', 'The currencies of amounts with the rates in RUB that administrators set (CONTRACT 24).');

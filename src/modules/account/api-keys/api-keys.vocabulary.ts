import { declareTag } from '../../../core/openapi/tags';

/**
 * What the api-keys module names for the platform: its OpenAPI tag.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag(
  'API keys',
  "The caller's API keys: each has a daily request quota (X-RateLimit-* headers, 429 when spent).",
);

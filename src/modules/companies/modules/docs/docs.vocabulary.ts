import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the docs module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Docs', 'Generated documents of a company (reports, invoices) and the requisites printed on them.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const DOCS_PERMISSIONS = declarePermissions({
  docs: { lvl: 3, criticality: 3, allow_expired: true, description: 'list and read documents' },
  'docs.settings': { lvl: 3, criticality: 3, allow_expired: true, description: 'read docs settings' },
  'docs.settings.update': { lvl: 3, criticality: 9, allow_expired: false, description: 'change docs settings' },
});

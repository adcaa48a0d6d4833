import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the companies module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Companies', 'Companies the caller belongs to: create, change, delete, plan, permissions, storage use.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const COMPANIES_PERMISSIONS = declarePermissions({
  'company.summary': { lvl: 3, criticality: 3, allow_expired: true, description: "read the company's summary" },
  'company.update': { lvl: 3, criticality: 8, allow_expired: true, description: 'PATCH the company' },
  'company.delete': {
    lvl: 3,
    criticality: 10,
    allow_expired: true,
    description: 'DELETE the company (owner only in any case)',
  },
});

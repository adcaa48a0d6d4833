import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the webhooks module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Webhooks', "Signed notifications of the company's changes, posted to its URLs (docs/webhooks.md).");

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const WEBHOOKS_PERMISSIONS = declarePermissions({
  webhooks: { lvl: 2, criticality: 5, allow_expired: false, description: 'read webhooks and their deliveries' },
  'webhooks.create': { lvl: 2, criticality: 7, allow_expired: false, description: 'create webhooks' },
  'webhooks.update': {
    lvl: 2,
    criticality: 7,
    allow_expired: false,
    description: 'update webhooks, rotate their secrets and retry their deliveries',
  },
  'webhooks.delete': { lvl: 2, criticality: 8, allow_expired: false, description: 'delete webhooks' },
});

import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the support module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Support', 'Support tickets and their messages.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const SUPPORT_PERMISSIONS = declarePermissions({
  'support.tickets': { lvl: 3, criticality: 3, allow_expired: true, description: 'read tickets and messages' },
  'support.tickets.create': { lvl: 3, criticality: 7, allow_expired: true, description: 'open a ticket' },
  'support.tickets.update': {
    lvl: 3,
    criticality: 8,
    allow_expired: true,
    description: 'change status, post a message, set read',
  },
});

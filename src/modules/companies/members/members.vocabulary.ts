import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the members module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Members', "A company's members, their removal, permission settings and effective permissions.");

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const MEMBERS_PERMISSIONS = declarePermissions({
  accounts: { lvl: 3, criticality: 2, allow_expired: true, description: 'list members' },
  'accounts.delete': { lvl: 3, criticality: 10, allow_expired: true, description: 'remove a member' },
  'accounts.settings': {
    lvl: 3,
    criticality: 3,
    allow_expired: true,
    description: "read a member's permission settings",
  },
  'accounts.settings.update': {
    lvl: 3,
    criticality: 10,
    allow_expired: true,
    description: "change a member's permission settings",
  },
});

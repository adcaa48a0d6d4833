import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the invitations module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Invitations', 'Invitations to join a company, sent by e-mail.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const INVITATIONS_PERMISSIONS = declarePermissions({
  'accounts.invitations': {
    lvl: 3,
    criticality: 3,
    allow_expired: true,
    description: "list the company's invitations",
  },
  'accounts.invitations.create': { lvl: 3, criticality: 8, allow_expired: true, description: 'invite by e-mail' },
  'accounts.invitations.revoke': { lvl: 3, criticality: 8, allow_expired: true, description: 'revoke an invitation' },
});

import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the logs module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Logs', "The company's audit trail: who did what, when, with which permission.");

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const LOGS_PERMISSIONS = declarePermissions({
  logs: { lvl: 3, criticality: 3, allow_expired: true, description: 'list and read log records' },
  'logs.activity': { lvl: 3, criticality: 7, allow_expired: true, description: 'activity per day' },
  'logs.clear': { lvl: 3, criticality: 10, allow_expired: false, description: 'clear' },
  'logs.optimize': { lvl: 3, criticality: 10, allow_expired: false, description: 'optimize' },
});

import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the hrm module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('HRM', 'Human resources: employees, positions with their permissions, analysis, the roster report.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const HRM_PERMISSIONS = declarePermissions({
  hrm: { lvl: 3, criticality: 2, allow_expired: true, description: 'open the HRM module' },
  'hrm.employees': { lvl: 3, criticality: 3, allow_expired: true, description: 'read employees' },
  'hrm.employees.create': { lvl: 3, criticality: 8, allow_expired: false, description: 'create employees' },
  'hrm.employees.update': {
    lvl: 3,
    criticality: 7,
    allow_expired: false,
    description: 'update, (de)activate, link/unlink account and position',
  },
  'hrm.positions': { lvl: 3, criticality: 3, allow_expired: true, description: 'read positions' },
  'hrm.positions.create': { lvl: 3, criticality: 8, allow_expired: false, description: 'create positions' },
  'hrm.positions.update': { lvl: 3, criticality: 7, allow_expired: false, description: 'update positions' },
  'hrm.positions.delete': { lvl: 3, criticality: 9, allow_expired: false, description: 'delete positions' },
  'hrm.analysis': { lvl: 3, criticality: 7, allow_expired: false, description: 'HRM analytics' },
  'hrm.report': { lvl: 3, criticality: 7, allow_expired: false, description: 'generate the HRM report' },
});

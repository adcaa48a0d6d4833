import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the crm module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('CRM', 'Customer relations: clients and the sources they came from.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const CRM_PERMISSIONS = declarePermissions({
  crm: { lvl: 2, criticality: 2, allow_expired: true, description: 'open the CRM module' },
  'crm.clients': { lvl: 2, criticality: 3, allow_expired: true, description: 'read clients' },
  'crm.clients.create': { lvl: 2, criticality: 8, allow_expired: false, description: 'create clients' },
  'crm.clients.update': { lvl: 2, criticality: 7, allow_expired: false, description: 'update, (de)activate clients' },
  'crm.sources': { lvl: 2, criticality: 3, allow_expired: true, description: 'read sources' },
  'crm.sources.create': { lvl: 2, criticality: 8, allow_expired: false, description: 'create sources' },
  'crm.sources.update': { lvl: 2, criticality: 7, allow_expired: false, description: 'update sources' },
  'crm.report': { lvl: 2, criticality: 7, allow_expired: false, description: 'generate the CRM report' },
  'crm.analysis': { lvl: 2, criticality: 1, allow_expired: false, description: 'CRM analytics' },
});

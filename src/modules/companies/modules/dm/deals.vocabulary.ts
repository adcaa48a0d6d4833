import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the deals module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Deals', 'Deals with clients and their stages.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const DEALS_PERMISSIONS = declarePermissions({
  dm: { lvl: 1, criticality: 2, allow_expired: true, description: 'the deals module' },
  'dm.types': { lvl: 1, criticality: 2, allow_expired: true, description: 'read deal types' },
  'dm.types.create': { lvl: 1, criticality: 4, allow_expired: false, description: 'create deal types' },
  'dm.types.update': { lvl: 1, criticality: 5, allow_expired: false, description: 'update deal types' },
  'dm.types.delete': { lvl: 1, criticality: 6, allow_expired: false, description: 'delete deal types' },
  'dm.statuses': { lvl: 1, criticality: 2, allow_expired: true, description: 'read deal statuses' },
  'dm.statuses.create': { lvl: 1, criticality: 4, allow_expired: false, description: 'create deal statuses' },
  'dm.statuses.update': {
    lvl: 1,
    criticality: 5,
    allow_expired: false,
    description: 'update and reorder deal statuses',
  },
  'dm.statuses.delete': { lvl: 1, criticality: 6, allow_expired: false, description: 'delete deal statuses' },
  'dm.deals': { lvl: 1, criticality: 2, allow_expired: true, description: 'read deals' },
  'dm.deals.create': { lvl: 1, criticality: 8, allow_expired: false, description: 'create deals' },
  'dm.deals.update': { lvl: 1, criticality: 7, allow_expired: false, description: 'update deals' },
  'dm.deals.delete': { lvl: 1, criticality: 9, allow_expired: false, description: 'delete deals' },
  'dm.deals.invoice': { lvl: 1, criticality: 7, allow_expired: false, description: 'issue an invoice for a deal' },
  'dm.deals.transactions': { lvl: 1, criticality: 3, allow_expired: true, description: "read a deal's transactions" },
  'dm.deals.transactions.create': {
    lvl: 1,
    criticality: 9,
    allow_expired: false,
    description: 'record a transaction of a deal',
  },
  'dm.deals.transactions.summary': {
    lvl: 1,
    criticality: 2,
    allow_expired: false,
    description: "summarise a deal's transactions",
  },
  'dm.analysis': { lvl: 1, criticality: 1, allow_expired: false, description: 'deal analytics' },
});

import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the warehouse module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Warehouse', 'Warehouse: the catalog (units, categories, products) and the stocks.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const WAREHOUSE_PERMISSIONS = declarePermissions({
  wm: {
    lvl: 2,
    criticality: 2,
    allow_expired: true,
    description: 'the warehouse module (no operation requires it on its own)',
  },
  'wm.report': { lvl: 2, criticality: 7, allow_expired: false, description: 'generate the warehouse report' },
  'wm.catalog': {
    lvl: 2,
    criticality: 2,
    allow_expired: true,
    description: 'the warehouse catalog (no operation requires it on its own)',
  },
  'wm.catalog.categories': { lvl: 2, criticality: 2, allow_expired: true, description: 'read catalog categories' },
  'wm.catalog.categories.create': {
    lvl: 2,
    criticality: 8,
    allow_expired: false,
    description: 'create catalog categories',
  },
  'wm.catalog.categories.update': {
    lvl: 2,
    criticality: 7,
    allow_expired: false,
    description: 'update, (de)activate catalog categories',
  },
  'wm.catalog.units': { lvl: 2, criticality: 2, allow_expired: true, description: 'read catalog units' },
  'wm.catalog.units.create': { lvl: 2, criticality: 8, allow_expired: false, description: 'create catalog units' },
  'wm.catalog.units.update': {
    lvl: 2,
    criticality: 7,
    allow_expired: false,
    description: 'update, (de)activate catalog units',
  },
  'wm.stocks': {
    lvl: 2,
    criticality: 2,
    allow_expired: true,
    description: 'the warehouse stock (no operation requires it on its own)',
  },
  'wm.stocks.balance': { lvl: 2, criticality: 5, allow_expired: false, description: 'read the stock balance' },
  'wm.stocks.batches': { lvl: 2, criticality: 2, allow_expired: false, description: 'read stock batches' },
  'wm.stocks.batches.create': {
    lvl: 2,
    criticality: 9,
    allow_expired: false,
    description: 'create income and outcome batches',
  },
  'wm.stocks.positions': { lvl: 2, criticality: 2, allow_expired: false, description: 'read stock positions' },
});

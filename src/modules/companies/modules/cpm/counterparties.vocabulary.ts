import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the counterparties module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Counterparties', 'Counterparties of finance operations: the other side of each payment.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const COUNTERPARTIES_PERMISSIONS = declarePermissions({
  cpm: {
    lvl: 3,
    criticality: 2,
    allow_expired: true,
    description: 'counterparties module (no operation requires it alone)',
  },
  'cpm.counterparties': { lvl: 3, criticality: 2, allow_expired: true, description: 'read counterparties' },
  'cpm.counterparties.create': { lvl: 3, criticality: 6, allow_expired: false, description: 'create counterparties' },
  'cpm.counterparties.update': {
    lvl: 3,
    criticality: 5,
    allow_expired: false,
    description: 'update, (de)activate counterparties',
  },
  'fm.counterparties': {
    lvl: 3,
    criticality: 2,
    allow_expired: true,
    description: 'read counterparties (the client name of cpm.counterparties)',
  },
  'fm.counterparties.create': {
    lvl: 3,
    criticality: 6,
    allow_expired: false,
    description: 'create counterparties (the client name of cpm.counterparties.create)',
  },
  'fm.counterparties.update': {
    lvl: 3,
    criticality: 5,
    allow_expired: false,
    description: 'update counterparties (the client name of cpm.counterparties.update)',
  },
});

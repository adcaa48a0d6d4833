import { declarePermissions } from '../../../../core/access/permission-codes';
import { declareTag } from '../../../../core/openapi/tags';

/**
 * What the finance module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Finance', 'Finance: transactions and their categories, credits, forecast, analysis and the report.');

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const FINANCE_PERMISSIONS = declarePermissions({
  fm: { lvl: 3, criticality: 2, allow_expired: true, description: 'finance module (no operation requires it alone)' },
  'fm.report': { lvl: 3, criticality: 7, allow_expired: true, description: 'generate the finance report' },
  'fm.transactions': { lvl: 3, criticality: 3, allow_expired: true, description: 'read transactions' },
  'fm.transactions.create': { lvl: 3, criticality: 7, allow_expired: false, description: 'create transactions' },
  'fm.transactions.reverse': { lvl: 3, criticality: 9, allow_expired: false, description: 'reverse transactions' },
  'fm.transactions.categories': {
    lvl: 3,
    criticality: 2,
    allow_expired: true,
    description: 'read transaction categories',
  },
  'fm.transactions.categories.create': {
    lvl: 3,
    criticality: 5,
    allow_expired: false,
    description: 'create transaction categories',
  },
  'fm.transactions.categories.update': {
    lvl: 3,
    criticality: 4,
    allow_expired: false,
    description: 'update transaction categories',
  },
  'fm.transactions.categories.delete': {
    lvl: 3,
    criticality: 5,
    allow_expired: false,
    description: 'delete transaction categories',
  },
  'fm.analysis': { lvl: 3, criticality: 1, allow_expired: false, description: 'finance analytics' },
  'fm.credits': { lvl: 3, criticality: 3, allow_expired: true, description: 'read credits' },
  'fm.credits.create': { lvl: 3, criticality: 8, allow_expired: false, description: 'create credits' },
  'fm.credits.update': { lvl: 3, criticality: 7, allow_expired: false, description: 'update, (de)activate credits' },
  'fm.credits.transactions': {
    lvl: 3,
    criticality: 4,
    allow_expired: false,
    description: "read a credit's transactions",
  },
  'fm.credits.pay': { lvl: 3, criticality: 8, allow_expired: false, description: 'pay credits' },
  'fm.forecast': {
    lvl: 1,
    criticality: 5,
    allow_expired: false,
    description: 'finance forecast (no operation requires it alone)',
  },
  'fm.forecast.timeline': { lvl: 1, criticality: 8, allow_expired: false, description: 'forecast timeline' },
  'fm.forecast.summary': { lvl: 1, criticality: 5, allow_expired: false, description: 'forecast summary' },
});

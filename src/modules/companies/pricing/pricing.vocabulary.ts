import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the pricing module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Pricing', "A company's plan period and its plan purchases, confirmed by an administrator.");

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const PRICING_PERMISSIONS = declarePermissions({
  'pricing.migrate': {
    lvl: 3,
    criticality: 10,
    allow_expired: true,
    description: "change the company's plan (administrators only, for now)",
  },
  'pricing.transactions': {
    lvl: 3,
    criticality: 3,
    allow_expired: true,
    description: "list the company's plan purchases",
  },
});

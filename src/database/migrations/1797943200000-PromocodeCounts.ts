import { MigrationInterface } from 'typeorm';
import { clienteleCounts } from '../count-triggers';

/**
 * The console's promocodes at scale (`/admin/pricing/promocodes`; bench:admin seeds one for every
 * hundredth company): their total, kept in clientele_counts by statement-level triggers in the
 * writer's transaction, so the list counts no promocode (nor joins each to its plan to count it).
 */
const COUNTS = clienteleCounts(
  'promocodes',
  'promocode_counts',
  'promocodes',
  (rows, delta) => `SELECT 'promocodes' AS name, ${delta} AS delta FROM ${rows}`,
);

export class PromocodeCounts1797943200000 implements MigrationInterface {
  name = 'PromocodeCounts1797943200000';

  up = COUNTS.up;
  down = COUNTS.down;
}

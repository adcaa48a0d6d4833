import { MigrationInterface } from 'typeorm';
import { clienteleCounts } from '../count-triggers';

/**
 * The platform audit trail's total at scale (`/admin/logs`, a record for every console action,
 * kept for good): kept in clientele_counts by statement-level triggers in the writer's
 * transaction, so the unfiltered list counts no record.
 */
const COUNTS = clienteleCounts(
  'admin_logs',
  'admin_log_counts',
  'admin_logs',
  (rows, delta) => `SELECT 'admin_logs' AS name, ${delta} AS delta FROM ${rows}`,
);

export class AdminLogCounts1797943000000 implements MigrationInterface {
  name = 'AdminLogCounts1797943000000';

  up = COUNTS.up;
  down = COUNTS.down;
}

import { MigrationInterface } from 'typeorm';
import { clienteleCounts } from '../count-triggers';

/**
 * The console's partner applications at scale (`/admin/partners`; they are never deleted, and
 * bench:admin seeds one for every tenth company): their total, and each status's, kept in
 * clientele_counts by statement-level triggers in the writer's transaction, so an unsearched
 * list (all, or one status) counts no row.
 */
const COUNTS = clienteleCounts(
  'partner_applications',
  'partner_application_counts',
  'partner_applications',
  (rows, delta) =>
    `SELECT unnest(ARRAY['partner_applications', 'partner_applications.status=' || status]) AS name, ${delta} AS delta
     FROM ${rows}`,
);

export class PartnerApplicationCounts1797942900000 implements MigrationInterface {
  name = 'PartnerApplicationCounts1797942900000';

  up = COUNTS.up;
  down = COUNTS.down;
}

import { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS } from '../company-store-totals';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

const COUNTS = { counts: 'clientele_counts', key: 'name', slots: SLOTS };

/** The counts each application of `rows` adds to (`delta` 1) or takes from (-1): all, and its status. */
const applicationCounts = (rows: string, delta: number) =>
  `SELECT unnest(ARRAY['partner_applications', 'partner_applications.status=' || status]) AS name, ${delta} AS delta
   FROM ${rows}`;

const TRIGGERS = countTriggers('partner_application_counts', applicationCounts);

/**
 * The console's partner applications at scale (`/admin/partners`; they are never deleted, and
 * bench:admin seeds one for every tenth company): their total, and each status's, kept in
 * clientele_counts by statement-level triggers in the writer's transaction, so an unsearched
 * list (all, or one status) counts no row.
 */
export class PartnerApplicationCounts1797942900000 implements MigrationInterface {
  name = 'PartnerApplicationCounts1797942900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await keepSlottedCounts(queryRunner, 'partner_applications', TRIGGERS, {
      ...COUNTS,
      present: applicationCounts('partner_applications', 1),
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'partner_applications', TRIGGERS);
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name LIKE 'partner\\_applications%'`);
  }
}

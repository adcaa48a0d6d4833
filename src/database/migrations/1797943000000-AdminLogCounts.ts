import { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS } from '../company-store-totals';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

const COUNTS = { counts: 'clientele_counts', key: 'name', slots: SLOTS };

/** What the platform audit records of `rows` add to (`delta` 1) or take from (-1) their count. */
const logCounts = (rows: string, delta: number) => `SELECT 'admin_logs' AS name, ${delta} AS delta FROM ${rows}`;

const TRIGGERS = countTriggers('admin_log_counts', logCounts);

/**
 * The platform audit trail's total at scale (`/admin/logs`, a record for every console action,
 * kept for good): kept in clientele_counts by statement-level triggers in the writer's
 * transaction, so the unfiltered list counts no record.
 */
export class AdminLogCounts1797943000000 implements MigrationInterface {
  name = 'AdminLogCounts1797943000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await keepSlottedCounts(queryRunner, 'admin_logs', TRIGGERS, { ...COUNTS, present: logCounts('admin_logs', 1) });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'admin_logs', TRIGGERS);
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name = 'admin_logs'`);
  }
}

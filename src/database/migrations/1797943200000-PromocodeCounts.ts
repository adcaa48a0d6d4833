import { MigrationInterface, QueryRunner } from 'typeorm';
import { SLOTS } from '../company-store-totals';
import { countTriggers, dropCountTriggers, keepSlottedCounts } from '../count-triggers';

const COUNTS = { counts: 'clientele_counts', key: 'name', slots: SLOTS };

/** What the promocodes of `rows` add to (`delta` 1) or take from (-1) their count. */
const promocodeCounts = (rows: string, delta: number) => `SELECT 'promocodes' AS name, ${delta} AS delta FROM ${rows}`;

const TRIGGERS = countTriggers('promocode_counts', promocodeCounts);

/**
 * The console's promocodes at scale (`/admin/pricing/promocodes`; bench:admin seeds one for every
 * hundredth company): their total, kept in clientele_counts by statement-level triggers in the
 * writer's transaction, so the list counts no promocode (nor joins each to its plan to count it).
 */
export class PromocodeCounts1797943200000 implements MigrationInterface {
  name = 'PromocodeCounts1797943200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await keepSlottedCounts(queryRunner, 'promocodes', TRIGGERS, {
      ...COUNTS,
      present: promocodeCounts('promocodes', 1),
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropCountTriggers(queryRunner, 'promocodes', TRIGGERS);
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name = 'promocodes'`);
  }
}

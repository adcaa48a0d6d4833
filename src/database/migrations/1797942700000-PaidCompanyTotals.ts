import { MigrationInterface, QueryRunner } from 'typeorm';
import { countPresent, countTriggers, replaceCountFunctions, slottedUpsert } from '../count-triggers';
import { SLOTS, storeTotals } from '../company-store-totals';

const COUNTS = { counts: 'clientele_counts', key: 'name', slots: SLOTS };

/** What the companies rows of `rows` add (`delta` 1) or take away (-1) from the live companies on a paid plan. */
const paidTotals = (rows: string, delta: number) =>
  `SELECT 'companies.paid' AS name, ${delta}::bigint AS delta FROM ${rows} WHERE deleting_at IS NULL AND NOT plan_is_trial`;

/**
 * The console's paying companies at scale (`/admin/clientele/stats`, its snapshots): the live
 * companies on a paid plan, expired or not, kept in clientele_counts (`companies.paid`) by the
 * triggers that keep the store totals (CompanyStoreTotals), so a write of a company fires no more
 * triggers than before. Those not expired are then that count less the expired ones, or counted
 * themselves when they are the fewer (CompanyDirectory.payingCount): a read of the smaller side
 * of the expiry index, where the whole paying side was read.
 */
export class PaidCompanyTotals1797942700000 implements MigrationInterface {
  name = 'PaidCompanyTotals1797942700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await countPresent(queryRunner, 'companies', { ...COUNTS, present: paidTotals('companies', 1) });
    await replaceCountFunctions(
      queryRunner,
      countTriggers(
        'company_store_totals',
        (rows, delta) => `${storeTotals(rows, delta)} UNION ALL ${paidTotals(rows, delta)}`,
      ),
      slottedUpsert(COUNTS),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE`);
    await replaceCountFunctions(queryRunner, countTriggers('company_store_totals', storeTotals), slottedUpsert(COUNTS));
    await queryRunner.query(`DELETE FROM clientele_counts WHERE name = 'companies.paid'`);
  }
}

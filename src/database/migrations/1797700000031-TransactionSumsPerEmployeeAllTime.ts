import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptSumsMigration, KeptSums, keptTriggersMigration } from '../kept-counts';
import { KEPT_COUNTS_1797600000000, KEPT_SUMS_1797600000002 } from '../kept-declarations';

/**
 * The finance sums per employee kept over all time too (src/database/kept-counts.ts, `allTime`):
 * grouped by employee without a window, the analysis read a row per employee and day (issue 29:
 * 0.68x of the small company's rate at 1,000,000 transactions). The transactions' one trigger per
 * event is rewritten and their sums refilled from the rows. The declarations, unchanged since KeptSums:
 * src/database/kept-declarations.ts.
 */
const COUNTS: KeptCounts = KEPT_COUNTS_1797600000000.transactions;

const SUMS: KeptSums = KEPT_SUMS_1797600000002.transactions;

export class TransactionSumsPerEmployeeAllTime1797700000031 implements MigrationInterface {
  name = 'TransactionSumsPerEmployeeAllTime1797700000031';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.keep(queryRunner, { ...SUMS, allTime: ['employee'] });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.keep(queryRunner, SUMS);
  }

  private async keep(queryRunner: QueryRunner, sums: KeptSums): Promise<void> {
    const { up } = keptTriggersMigration('transactions', { counts: COUNTS, sums });
    for (const statement of [...up, ...keptSumsMigration(sums).recount]) await queryRunner.query(statement);
  }
}

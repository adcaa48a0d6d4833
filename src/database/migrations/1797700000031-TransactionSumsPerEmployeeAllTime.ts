import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptSumsMigration, KeptSums, keptTriggersMigration } from '../kept-counts';

/**
 * The finance sums per employee kept over all time too (src/database/kept-counts.ts, `allTime`):
 * grouped by employee without a window, the analysis read a row per employee and day (issue 29:
 * 0.68x of the small company's rate at 1,000,000 transactions). The transactions' one trigger per
 * event is rewritten and their sums refilled from the rows. Declarations written out as they are now.
 */
const COUNTS: KeptCounts = {
  table: 'transactions',
  counts: 'transaction_counts',
  filters: {
    direction: 'direction',
    status: 'status',
    currency: 'currency',
    category_id: 'category_id',
    employee_id: 'employee_id',
  },
};

const SUMS: KeptSums = {
  table: 'transactions',
  sums: 'transaction_day_sums',
  where: `status = 'completed'`,
  day: `(created_at AT TIME ZONE 'UTC')::date`,
  part: 'currency',
  dims: { '': `''`, category: 'category_id', employee: 'employee_id' },
  measures: {
    income: `CASE WHEN direction = 'income' THEN base_amount ELSE 0 END`,
    expense: `CASE WHEN direction = 'expense' THEN base_amount ELSE 0 END`,
  },
};

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

import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptSums, keptSumsMigration } from '../kept-counts';

/**
 * Daily sums the finance analyses read (src/database/kept-counts.ts, "KeptSums"): created, their
 * triggers installed and filled from the rows in this transaction. The declaration is written
 * out as it was when this migration was written.
 */
const SUMS: KeptSums[] = [
  {
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
  },
];

export class KeptSums1797600000002 implements MigrationInterface {
  name = 'KeptSums1797600000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const sums of SUMS) {
      const { table, triggers, recount } = keptSumsMigration(sums);
      for (const statement of [...table, ...triggers, ...recount]) await queryRunner.query(statement);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const sums of [...SUMS].reverse()) {
      for (const statement of keptSumsMigration(sums).down) await queryRunner.query(statement);
    }
  }
}

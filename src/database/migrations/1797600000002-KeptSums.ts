import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptSums, keptSumsMigration } from '../kept-counts';

/**
 * Daily sums the finance, deal and HRM analyses read (src/database/kept-counts.ts, "KeptSums"): created, their
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
  {
    table: 'deals',
    sums: 'deal_day_sums',
    where: 'TRUE',
    day: `(created_at AT TIME ZONE 'UTC')::date`,
    part: `''`,
    dims: { '': `''`, type: 'type_id', status: 'status_id', client: 'client_id' },
    measures: {
      amount: 'total_amount',
      priced: 'CASE WHEN positions_count > 0 THEN 1 ELSE 0 END',
      priced_amount: 'CASE WHEN positions_count > 0 THEN total_amount ELSE 0 END',
    },
  },
  {
    table: 'employees',
    sums: 'employee_day_sums',
    where: 'TRUE',
    day: `(created_at AT TIME ZONE 'UTC')::date`,
    part: `''`,
    dims: { '': `''` },
    measures: {
      active: `CASE WHEN status = 'active' THEN 1 ELSE 0 END`,
      inactive: `CASE WHEN status = 'inactive' THEN 1 ELSE 0 END`,
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

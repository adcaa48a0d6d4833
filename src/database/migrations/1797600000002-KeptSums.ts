import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptSums, keptSumsMigration } from '../kept-counts';
import { KEPT_SUMS_1797600000002 } from '../kept-declarations';

/**
 * Daily sums the finance, deal and HRM analyses read (src/database/kept-counts.ts, "KeptSums"): created, their
 * triggers installed and filled from the rows in this transaction. The declarations as they were
 * when this migration was written: src/database/kept-declarations.ts.
 */
const SUMS: KeptSums[] = [
  KEPT_SUMS_1797600000002.transactions,
  KEPT_SUMS_1797600000002.deals,
  KEPT_SUMS_1797600000002.employees,
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

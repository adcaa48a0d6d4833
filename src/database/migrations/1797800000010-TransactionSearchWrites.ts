import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, KeptSums, keptTriggersMigration } from '../kept-counts';
import { KEPT_COUNTS_1797600000000, KEPT_SUMS_1797600000002 } from '../kept-declarations';

/**
 * A counter of the writes that can change a transaction search's matches (issue 29): every
 * statement that inserts, updates or deletes a company's transactions, employees or transaction
 * categories adds 1 to one of the company's slot rows of `transaction_search_writes`, in its own
 * transaction (src/database/kept-counts.ts, `writes`). The sum of a company's slots only grows, so
 * the repository can reuse a bounded search total counted at the same sum (docs/finance.md,
 * "Search totals"). The counter joins the tables' one kept trigger per event.
 */
const WRITES = 'transaction_search_writes';

/** The kept declarations of the three tables as migration TransactionSumsPerEmployeeAllTime left them. */
const KEPT: Record<string, { counts?: KeptCounts; sums?: KeptSums }> = {
  transactions: {
    counts: KEPT_COUNTS_1797600000000.transactions,
    sums: { ...KEPT_SUMS_1797600000002.transactions, allTime: ['employee'] },
  },
  employees: { counts: KEPT_COUNTS_1797600000000.employees, sums: KEPT_SUMS_1797600000002.employees },
  transaction_categories: {},
};

export class TransactionSearchWrites1797800000010 implements MigrationInterface {
  name = 'TransactionSearchWrites1797800000010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "${WRITES}" ("company_id" uuid NOT NULL, "slot" smallint NOT NULL, "writes" bigint NOT NULL, CONSTRAINT "${WRITES}_pkey" PRIMARY KEY ("company_id", "slot"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${WRITES}" ADD CONSTRAINT "${WRITES}_company_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    for (const [table, kept] of Object.entries(KEPT)) {
      for (const statement of keptTriggersMigration(table, { ...kept, writes: WRITES }).up) {
        await queryRunner.query(statement);
      }
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Back to the kept triggers without the counter; a table that kept nothing loses its triggers.
    for (const [table, kept] of Object.entries(KEPT)) {
      const statements =
        kept.counts || kept.sums
          ? keptTriggersMigration(table, kept).up
          : keptTriggersMigration(table, { writes: WRITES }).down;
      for (const statement of statements) await queryRunner.query(statement);
    }
    await queryRunner.query(`DROP TABLE "${WRITES}"`);
  }
}

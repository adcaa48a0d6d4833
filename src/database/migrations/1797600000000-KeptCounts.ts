import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptCountsMigration } from '../kept-counts';
import { KEPT_COUNTS_1797600000000 as COUNTS } from '../kept-declarations';

/**
 * Kept list totals on the one core shape (src/database/kept-counts.ts): new counts for finance's
 * transactions, the warehouse's positions, deals and employees, each created and then counted
 * from the rows in this transaction; CRM's and the logs' hand-written triggers replaced by the
 * core's (same tables, same filters, same deltas, so their counts stay right as they are).
 * The declarations as they were when this migration was written: src/database/kept-declarations.ts.
 */
const NEW: KeptCounts[] = [COUNTS.transactions, COUNTS.stock_positions, COUNTS.deals, COUNTS.employees];

const MOVED: KeptCounts[] = [COUNTS.crm_clients, COUNTS.audit_logs];

export class KeptCounts1797600000000 implements MigrationInterface {
  name = 'KeptCounts1797600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const counts of NEW) {
      const { table, triggers, recount } = keptCountsMigration(counts);
      for (const statement of [...table, ...triggers, ...recount]) await queryRunner.query(statement);
    }
    for (const counts of MOVED) {
      for (const statement of keptCountsMigration(counts).triggers) await queryRunner.query(statement);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // CRM's and the logs' triggers keep the core's shape: it counts exactly as theirs did.
    for (const counts of [...NEW].reverse()) {
      for (const statement of keptCountsMigration(counts).down) await queryRunner.query(statement);
    }
  }
}

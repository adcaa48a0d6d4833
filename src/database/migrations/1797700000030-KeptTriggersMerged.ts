import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptSumsMigration, KeptSums, keptTriggersMigration } from '../kept-counts';
import { KEPT_COUNTS_1797600000000, KEPT_SUMS_1797600000002 } from '../kept-declarations';

/**
 * The kept counts and sums (src/database/kept-counts.ts) on one trigger per table and event
 * (`<table>_kept_added` …), spread over 256 slots instead of 16 (20 pooled connections hashed
 * into 16 slots waited on each other's rows), and the deals' sums per client kept over all time
 * too (refilled from the rows here). The declarations, unchanged since KeptSums: src/database/kept-declarations.ts.
 */
const COUNTS: Record<string, KeptCounts> = KEPT_COUNTS_1797600000000;

const DEAL_SUMS: KeptSums = KEPT_SUMS_1797600000002.deals;

const SUMS: Record<string, KeptSums> = { ...KEPT_SUMS_1797600000002, deals: { ...DEAL_SUMS, allTime: ['client'] } };

export class KeptTriggersMerged1797700000030 implements MigrationInterface {
  name = 'KeptTriggersMerged1797700000030';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(COUNTS)) {
      const { up } = keptTriggersMigration(table, { counts: COUNTS[table], sums: SUMS[table] });
      for (const statement of up) await queryRunner.query(statement);
    }
    for (const statement of keptSumsMigration(SUMS.deals).recount) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(COUNTS)) {
      const sums = table === 'deals' ? DEAL_SUMS : SUMS[table];
      for (const statement of keptTriggersMigration(table, { counts: COUNTS[table], sums }).down) {
        await queryRunner.query(statement);
      }
    }
    for (const statement of keptSumsMigration(DEAL_SUMS).recount) await queryRunner.query(statement);
  }
}

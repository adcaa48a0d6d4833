import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptSumsMigration, KeptSums, keptTriggersMigration } from '../kept-counts';

/**
 * The kept counts and sums (src/database/kept-counts.ts) on one trigger per table and event
 * (`<table>_kept_added` …), spread over 256 slots instead of 16 (20 pooled connections hashed
 * into 16 slots waited on each other's rows), and the deals' sums per client kept over all time
 * too (refilled from the rows here). The declarations are written out as they are now.
 */
const COUNTS: Record<string, KeptCounts> = {
  transactions: {
    table: 'transactions',
    counts: 'transaction_counts',
    filters: {
      direction: 'direction',
      status: 'status',
      currency: 'currency',
      category_id: 'category_id',
      employee_id: 'employee_id',
    },
  },
  stock_positions: {
    table: 'stock_positions',
    counts: 'stock_position_counts',
    filters: { type: 'type', unit_id: 'unit_id', in_stock: 'remaining > 0' },
  },
  deals: {
    table: 'deals',
    counts: 'deal_counts',
    filters: { type_id: 'type_id', status_id: 'status_id', client_id: 'client_id' },
  },
  employees: { table: 'employees', counts: 'employee_counts', filters: { status: 'status' } },
  crm_clients: {
    table: 'crm_clients',
    counts: 'crm_client_totals',
    filters: { status: 'status', type: 'type', source_id: 'source_id' },
  },
  audit_logs: {
    table: 'audit_logs',
    counts: 'audit_log_counts',
    filters: { key: 'key', account_id: 'account_id', status: 'status', criticality: 'criticality' },
    day: `(created_at AT TIME ZONE 'UTC')::date`,
  },
};

const DEAL_SUMS: KeptSums = {
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
};

const SUMS: Record<string, KeptSums> = {
  transactions: {
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
  deals: { ...DEAL_SUMS, allTime: ['client'] },
  employees: {
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
};

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

import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeptCounts, keptCountsMigration } from '../kept-counts';

/**
 * Kept list totals on the one core shape (src/database/kept-counts.ts): new counts for finance's
 * transactions, the warehouse's positions, deals and employees, each created and then counted
 * from the rows in this transaction; CRM's and the logs' hand-written triggers replaced by the
 * core's (same tables, same filters, same deltas, so their counts stay right as they are).
 * The declarations are written out here, as they were when this migration was written.
 */
const NEW: KeptCounts[] = [
  {
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
  {
    table: 'stock_positions',
    counts: 'stock_position_counts',
    filters: { type: 'type', unit_id: 'unit_id', in_stock: 'remaining > 0' },
  },
  {
    table: 'deals',
    counts: 'deal_counts',
    filters: { type_id: 'type_id', status_id: 'status_id', client_id: 'client_id' },
  },
  { table: 'employees', counts: 'employee_counts', filters: { status: 'status' } },
];

const MOVED: KeptCounts[] = [
  {
    table: 'crm_clients',
    counts: 'crm_client_totals',
    filters: { status: 'status', type: 'type', source_id: 'source_id' },
  },
  {
    table: 'audit_logs',
    counts: 'audit_log_counts',
    filters: { key: 'key', account_id: 'account_id', status: 'status', criticality: 'criticality' },
    day: `(created_at AT TIME ZONE 'UTC')::date`,
  },
];

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

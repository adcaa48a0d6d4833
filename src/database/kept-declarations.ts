import type { KeptCounts, KeptSums } from './kept-counts';

/**
 * The kept counts and sums as the migrations KeptCounts, KeptSums, KeptTriggersMerged and
 * TransactionSumsPerEmployeeAllTime wrote them out (the same in all four). Frozen, so that those
 * migrations build the same database whatever the modules declare later: a change of a
 * declaration is a new migration with its own copy.
 */
export const KEPT_COUNTS_1797600000000 = {
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
} satisfies Record<string, KeptCounts>;

/** The daily sums of the same migrations (KeptSums created them; the others rewrote their triggers). */
export const KEPT_SUMS_1797600000002 = {
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
  deals: {
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
} satisfies Record<string, KeptSums>;

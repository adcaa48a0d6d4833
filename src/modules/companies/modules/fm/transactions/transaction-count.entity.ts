import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';

/**
 * A company's transactions counted in all (`filter` '') and per direction, status, currency, category and employee. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('transaction_counts')
export class TransactionCountEntity extends KeptCounts({
  module: 'fm',
  table: 'transactions',
  counts: 'transaction_counts',
  filters: {
    direction: 'direction',
    status: 'status',
    currency: 'currency',
    category_id: 'category_id',
    employee_id: 'employee_id',
  },
}) {}

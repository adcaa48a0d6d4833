import { Entity } from 'typeorm';
import type { KeptSums } from '../../../../../database/kept-counts';
import { KeptDaySums } from '../../../companies/companies.face';

/** The finance analyses' kept sums (declared with their table; migration KeptSums creates them). */
export const TRANSACTION_DAY_SUMS: KeptSums = {
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
  // A company's few employees times its days of history: read over all time when there is no window.
  allTime: ['employee'],
};

/**
 * A company's completed transactions summed per UTC day, currency and group: all (`dim` ''),
 * per category and per employee (`key` its id, '' for none); per employee also over all time
 * (day `infinity`). Kept by the transactions' triggers (migrations KeptSums, KeptTriggersMerged,
 * src/database/kept-counts.ts) in every writer's transaction; one row per slot.
 * The finance analyses read whole days from them (keptDays).
 */
@Entity('transaction_day_sums')
export class TransactionDaySumEntity extends KeptDaySums(TRANSACTION_DAY_SUMS) {}

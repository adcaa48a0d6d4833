import { Entity } from 'typeorm';
import type { KeptSums } from '../../../../../database/kept-counts';
import { KeptDaySums } from '../../../companies/companies.face';

/** The deal analyses' kept sums: every deal, its amount, and those with positions (the average's). */
export const DEAL_DAY_SUMS: KeptSums = {
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
  // A company has as many clients as deals or more: per client and day would be a row per deal.
  allTime: ['client'],
};

/**
 * A company's deals summed per UTC day of creation and group: all (`dim` ''), per type, status
 * and client (`key` its id, '' for none); per client also over all time (day `infinity`). Kept by the triggers of migration KeptSums
 * (src/database/kept-counts.ts) in every writer's transaction; one row per slot. The deal
 * analyses without list filters read whole days from them (keptDays).
 */
@Entity('deal_day_sums')
export class DealDaySumEntity extends KeptDaySums(DEAL_DAY_SUMS) {}

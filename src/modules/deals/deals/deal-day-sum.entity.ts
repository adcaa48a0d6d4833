import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { keepSums } from '../../../core/analysis/kept-sums';

/**
 * A company's deals summed per UTC day of creation and group: all (`dim` ''), per type, status
 * and client (`key` its id, '' for none). Kept by the triggers of migration KeptSums
 * (src/database/kept-counts.ts) in every writer's transaction; one row per slot. The deal
 * analyses without list filters read whole days from them (keptDays).
 */
@Entity('deal_day_sums')
export class DealDaySumEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'deal_day_sums_pkey' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'deal_day_sums_company_fkey' })
  company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'deal_day_sums_pkey' })
  dim: string;

  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'deal_day_sums_pkey' })
  part: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'deal_day_sums_pkey' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'deal_day_sums_pkey' })
  key: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'deal_day_sums_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  count: string;

  @Column({ type: 'numeric' })
  amount: string;

  @Column({ type: 'numeric' })
  priced: string;

  @Column({ type: 'numeric' })
  priced_amount: string;
}

/** The deal analyses' kept sums: every deal, its amount, and those with positions (the average's). */
export const DEAL_DAY_SUMS = keepSums({
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
});

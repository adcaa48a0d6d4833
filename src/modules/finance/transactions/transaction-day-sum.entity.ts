import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { keepSums } from '../../../core/analysis/kept-sums';

/**
 * A company's completed transactions summed per UTC day, currency and group: all (`dim` ''),
 * per category and per employee (`key` its id, '' for none). Kept by the triggers of migration
 * KeptSums (src/database/kept-counts.ts) in every writer's transaction; one row per slot.
 * The finance analyses read whole days from them (keptDays).
 */
@Entity('transaction_day_sums')
export class TransactionDaySumEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'transaction_day_sums_company_fkey' })
  company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  dim: string;

  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  part: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  key: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'transaction_day_sums_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  count: string;

  @Column({ type: 'numeric' })
  income: string;

  @Column({ type: 'numeric' })
  expense: string;
}

/** The finance analyses' kept sums (declared with their table; migration KeptSums creates them). */
export const TRANSACTION_DAY_SUMS = keepSums({
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
});

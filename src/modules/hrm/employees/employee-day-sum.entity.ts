import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { keepSums } from '../../../core/analysis/kept-sums';

/**
 * A company's employees counted per UTC day of creation, in all and per status. Kept by the
 * triggers of migration KeptSums (src/database/kept-counts.ts) in every writer's transaction;
 * one row per slot. The HRM analytics read whole days from them (keptDays).
 */
@Entity('employee_day_sums')
export class EmployeeDaySumEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'employee_day_sums_pkey' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'employee_day_sums_company_fkey' })
  company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'employee_day_sums_pkey' })
  dim: string;

  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'employee_day_sums_pkey' })
  part: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'employee_day_sums_pkey' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'employee_day_sums_pkey' })
  key: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'employee_day_sums_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  count: string;

  @Column({ type: 'numeric' })
  active: string;

  @Column({ type: 'numeric' })
  inactive: string;
}

/** The HRM analytics' kept sums: employees created per day, and how many of them are active or inactive. */
export const EMPLOYEE_DAY_SUMS = keepSums({
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
});

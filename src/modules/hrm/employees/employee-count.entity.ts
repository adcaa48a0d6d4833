import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { keepCounts } from '../../../core/pagination/kept-counts';

/**
 * A company's employees counted in all (`filter` '') and per status. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('employee_counts')
export class EmployeeCountEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'employee_counts_pkey' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'employee_counts_company_fkey' })
  company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'employee_counts_pkey' })
  filter: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'employee_counts_pkey' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}

/**
 * The employee list's kept totals: declared here, the entity of their table, so
 * they are registered wherever the schema is loaded (listPage reads them; migration KeptCounts
 * creates their triggers).
 */
export const EMPLOYEE_COUNTS = keepCounts({
  table: 'employees',
  counts: 'employee_counts',
  filters: { status: 'status' },
});

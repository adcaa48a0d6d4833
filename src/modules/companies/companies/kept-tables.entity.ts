import { Column, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../database/company-reference';
import type { KeptCounts as KeptCountsDeclaration, KeptSums } from '../../../database/kept-counts';
import { keepCounts } from '../../../core/pagination/kept-counts';
import { keepSums } from '../../../core/analysis/kept-sums';

/**
 * The columns of a company's kept list totals (the declaration's `counts` table, e.g. `deal_counts`;
 * written by keptCountsMigration, src/database/kept-counts.ts): one row per company, list filter
 * and slot. The declaration is registered with it (keepCounts), so listPage reads the totals
 * wherever the schema is loaded. A resource's count entity is
 * `@Entity('deal_counts') class … extends KeptCounts({ table: 'deals', counts: 'deal_counts', filters })`.
 */
export function KeptCounts(declaration: KeptCountsDeclaration) {
  const table = keepCounts(declaration).counts;
  const pkey = `${table}_pkey`;
  abstract class KeptCountsTable {
    @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: pkey })
    company_id: string;

    @OwningCompany(`${table}_company_fkey`) company?: unknown;

    @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: pkey })
    filter: string;

    @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: pkey })
    slot: number;

    @Column({ type: 'bigint' })
    total: string;
  }
  return KeptCountsTable;
}

/**
 * The columns of a company's kept day sums (the declaration's `sums` table, e.g. `deal_day_sums`;
 * written by keptSumsMigration): one row per company, group (`dim`, `key`), part, UTC day and
 * slot, the count and one `numeric` column per measure. The declaration is registered with it
 * (keepSums). A resource's day-sum entity is
 * `@Entity('deal_day_sums') class … extends KeptDaySums(DEAL_DAY_SUMS)`.
 */
export function KeptDaySums(declaration: KeptSums) {
  const table = keepSums(declaration).sums;
  const pkey = `${table}_pkey`;
  abstract class KeptDaySumsTable {
    @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: pkey })
    company_id: string;

    @OwningCompany(`${table}_company_fkey`) company?: unknown;

    @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: pkey })
    dim: string;

    @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: pkey })
    part: string;

    @PrimaryColumn({ type: 'date', primaryKeyConstraintName: pkey })
    day: string;

    @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: pkey })
    key: string;

    @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: pkey })
    slot: number;

    @Column({ type: 'bigint' })
    count: string;
  }
  for (const measure of Object.keys(declaration.measures)) {
    Column({ type: 'numeric' })(KeptDaySumsTable.prototype, measure);
  }
  return KeptDaySumsTable;
}

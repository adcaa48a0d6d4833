import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../../database/company-reference';
import { keepCounts } from '../../../../core/pagination/kept-counts';

/**
 * How many audit records a company has per UTC day, in all (`filter` '') and per value of each
 * list filter (`key=…`, `account_id=…`, `status=…`, `criticality=…`), so that the log list's total
 * is a sum over at most a few hundred rows per filter rather than a count over a million records
 * (docs/logs.md, "Totals"). Kept by triggers on audit_logs (migration LogCounts) in the writing
 * transaction, so they always equal the stored records, hidden ones included: readers sum the
 * days after the company's horizon, and the purger drops the days before it once it is done.
 * Spread over slots (a writer adds to its connection's) so that concurrent writers of one
 * company do not queue on one row.
 */
@Entity('audit_log_counts')
// The days companies wrote to their trail, for the console's active companies (migration ClienteleCounts).
@Index('audit_log_counts_day_idx', { synchronize: false })
export class AuditLogCountEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  filter: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'smallint' })
  slot: number;

  @Column({ type: 'bigint' })
  total: string;
}

/**
 * The log list's kept counts, per UTC day (migration KeptCounts gave them the core triggers).
 * Per day, so listPage leaves them to the module, which sums the days of a window (logs.repository).
 */
export const AUDIT_LOG_COUNTS = keepCounts({
  module: 'logs',
  table: 'audit_logs',
  counts: 'audit_log_counts',
  filters: { key: 'key', account_id: 'account_id', status: 'status', criticality: 'criticality' },
  day: `(created_at AT TIME ZONE 'UTC')::date`,
});

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The current window of one throttle (src/core/limits/throttle-limits.ts) for one subject, shared
 * by every instance: the row's lock makes the count exact under concurrency. A window starts at
 * its first hit; the first hit after it ends starts the next. Ended rows are swept away.
 */
@Entity('throttle_counters')
@Index('throttle_counters_expires_at_idx', ['expires_at'])
export class ThrottleCounterEntity {
  /** The limit's name, e.g. `sign_in_failures_per_pair`. */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'throttle_counters_pkey' })
  limit_name: string;

  /** SHA-256 of what is counted (an address, an e-mail, a pair): no e-mail is kept in the clear. */
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'throttle_counters_pkey' })
  subject_hash: string;

  @Column({ type: 'timestamptz' })
  window_start: Date;

  @Column({ type: 'int' })
  hits: number;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Who runs a singleton job (CONTRACT 21: the console's snapshots) until when: one row per job.
 * An instance holds the lease while it renews it; another takes it once it has expired.
 */
@Entity('leases')
export class LeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  /** The holding instance's id (random per process). */
  @Column({ type: 'varchar', length: 64 })
  holder: string;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}

import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * Where a company's log begins. Clear and optimize move it forward in their own transaction, so
 * every read hides the older records at once; the purger then deletes them in small batches
 * outside any request (docs/logs.md, "Clear and optimize").
 */
@Entity('audit_log_horizons')
export class AuditLogHorizonEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;

  /** Records created before this time are gone for every reader and await the purger. */
  @Column({ type: 'timestamptz' })
  visible_from: Date;
}

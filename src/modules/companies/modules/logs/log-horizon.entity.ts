import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../../../database/company-reference';

/**
 * Where a company's log begins. Clear and optimize move it forward in their own transaction, so
 * every read hides the older records at once; the purger then deletes them in small batches
 * outside any request (docs/logs.md, "Clear and optimize").
 */
@Entity('audit_log_horizons')
export class AuditLogHorizonEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  /** Records created before this time are gone for every reader and await the purger. */
  @Column({ type: 'timestamptz' })
  visible_from: Date;
}

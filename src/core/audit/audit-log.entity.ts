import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EnumColumn } from '../openapi/columns';

export const AUDIT_STATUSES = ['success', 'error', 'pending'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/**
 * One record per company-scoped change or refused attempt (CONTRACT 7). Every index starts
 * with company_id and ends with the list order, one per filter of the logs module.
 */
@Entity('audit_logs')
@Index('audit_logs_company_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('audit_logs_company_account_created_at_idx', ['company_id', 'account_id', 'created_at'])
@Index('audit_logs_company_key_created_at_idx', ['company_id', 'key', 'created_at'])
@Index('audit_logs_company_status_created_at_idx', ['company_id', 'status', 'created_at'])
@Index('audit_logs_company_criticality_created_at_idx', ['company_id', 'criticality', 'created_at'])
@Index('audit_logs_metadata_trgm_idx', { synchronize: false })
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /**
   * No foreign key: the trail belongs to core, which knows no module's tables; the company
   * purge removes a company's records itself (AuditRepository.forgetCompany).
   */
  @Column({ type: 'uuid' })
  company_id: string;

  /** The operation's permission code. */
  @Column({ type: 'varchar', length: 64 })
  key: string;

  @EnumColumn(AUDIT_STATUSES, { length: 16 })
  status: string;

  @Column({ type: 'smallint' })
  criticality: number;

  /** The initiator; kept as a plain id so the record outlives the account. */
  @Column({ type: 'uuid' })
  account_id: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  request_id: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}

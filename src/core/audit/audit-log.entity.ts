import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyEntity } from '../../modules/companies/company.entity';

export const AUDIT_STATUSES = ['success', 'error', 'pending'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/**
 * One record per company-scoped change or refused attempt (CONTRACT 7). Every index starts
 * with company_id and ends with the list order, one per filter of the logs module.
 */
@Entity('audit_logs')
@Index('audit_logs_company_created_at_idx', ['companyId', 'createdAt', 'id'])
@Index('audit_logs_company_account_created_at_idx', ['companyId', 'accountId', 'createdAt'])
@Index('audit_logs_company_key_created_at_idx', ['companyId', 'key', 'createdAt'])
@Index('audit_logs_company_status_created_at_idx', ['companyId', 'status', 'createdAt'])
@Index('audit_logs_company_criticality_created_at_idx', ['companyId', 'criticality', 'createdAt'])
@Index('audit_logs_metadata_trgm_idx', { synchronize: false })
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  companyId: string;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: CompanyEntity;

  /** The operation's permission code. */
  @Column({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'smallint' })
  criticality: number;

  /** The initiator; kept as a plain id so the record outlives the account. */
  @Column({ type: 'uuid' })
  accountId: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

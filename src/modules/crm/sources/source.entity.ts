import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/company-owned.entity';

/** Where clients come from. A fixed set, so reports can group by it (docs/crm.md). */
export const SOURCE_TYPES = ['manual', 'website', 'referral', 'social', 'advertising', 'marketplace', 'other'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** Status of a source and of a client. */
export const CRM_STATUSES = ['active', 'inactive'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];

/**
 * A client source. Every company has exactly one system source (created with the company,
 * never changed), so a client always has one. `(company_id, id)` is unique so that clients
 * can reference a source together with their own company: the database itself refuses a
 * client whose source belongs to another company.
 */
@Entity('crm_sources')
@Index('crm_sources_company_id_created_at_idx', ['companyId', 'createdAt', 'id'])
@Index('crm_sources_company_id_id_key', ['companyId', 'id'], { unique: true })
@Index('crm_sources_company_system_key', ['companyId'], { unique: true, where: 'system' })
export class CrmSourceEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'boolean', default: false })
  system: boolean;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;
}

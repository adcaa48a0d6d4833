import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';

/**
 * Where clients come from. A fixed set, so reports can group by it (docs/crm.md); `organic`,
 * `paid` and `email` are the platform's web client's own (CONTRACT 17).
 */
export const SOURCE_TYPES = [
  'manual',
  'website',
  'referral',
  'social',
  'advertising',
  'marketplace',
  'organic',
  'paid',
  'email',
  'other',
] as const;
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
@Index('crm_sources_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('crm_sources_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('crm_sources_company_system_key', ['company_id'], { unique: true, where: 'system' })
export class CrmSourceEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Null when unset. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  @EnumColumn(SOURCE_TYPES, { length: 32 })
  type: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  /** The company's built-in source: it exists from the company's creation and cannot be changed. */
  @Column({ type: 'boolean', default: false, update: false })
  system: boolean;

  @EnumColumn(CRM_STATUSES, { length: 16, default: 'active' })
  status: string;

  @MetadataColumn()
  metadata: object | null;
}

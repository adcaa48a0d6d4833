import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { CRM_STATUSES, CrmSourceEntity } from '../sources/source.entity';
import { CompanyReference } from '../../../../../database/company-reference';
import { EnumColumn, MetadataColumn } from '../../../../../core/openapi/columns';

export const CLIENT_TYPES = ['individual', 'legal'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/**
 * A CRM client. Every index starts with company_id: one per list filter, each ending with the
 * list order (created_at, id), so a page is an index walk; a bare company_id index, the
 * smallest, for the exact total (an index-only count); and a trigram index for `search`
 * (created by hand in the migration: TypeORM cannot describe it). See docs/crm.md.
 */
@Entity('crm_clients')
@Index('crm_clients_company_id_idx', ['company_id'])
@Index('crm_clients_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('crm_clients_company_type_created_at_idx', ['company_id', 'type', 'created_at', 'id'])
@Index('crm_clients_company_status_created_at_idx', ['company_id', 'status', 'created_at', 'id'])
@Index('crm_clients_company_source_created_at_idx', ['company_id', 'source_id', 'created_at', 'id'])
@Index('crm_clients_search_trgm_idx', { synchronize: false })
export class CrmClientEntity extends CompanyOwnedEntity {
  @Column({ type: 'uuid' })
  source_id: string;

  /** Sources are never deleted on their own; they go with their company, as clients do. */
  @CompanyReference(() => CrmSourceEntity)
  source?: CrmSourceEntity;

  @Column({ type: 'varchar', length: 100 })
  first_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  patronymic: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  /** Stored lower-cased. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @EnumColumn(CLIENT_TYPES, { length: 16 })
  type: string;

  @EnumColumn(CRM_STATUSES, { length: 16, default: 'active' })
  status: string;

  @MetadataColumn()
  metadata: object | null;
}

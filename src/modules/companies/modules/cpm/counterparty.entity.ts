import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/companies.face';
import { EnumColumn, MetadataColumn } from '../../../../core/openapi/columns';

export const COUNTERPARTY_TYPES = ['bank', 'organization', 'person'] as const;
export type CounterpartyType = (typeof COUNTERPARTY_TYPES)[number];

export const COUNTERPARTY_STATUSES = ['active', 'inactive'] as const;
export type CounterpartyStatus = (typeof COUNTERPARTY_STATUSES)[number];

/**
 * A bank, organization or person the company deals with (CONTRACT 13). Never deleted: credits
 * refer to them. `(company_id, id)` is unique so that credits reference a counterparty together
 * with their own company. The list goes by name, then id; `search` has a trigram index (created
 * by hand in the migration Finance).
 */
@Entity('counterparties')
@Index('counterparties_name_trgm_idx', { synchronize: false })
@Index('counterparties_company_id_idx', ['company_id'])
@Index('counterparties_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('counterparties_company_name_idx', ['company_id', 'name', 'id'])
@Index('counterparties_company_type_name_idx', ['company_id', 'type', 'name', 'id'])
@Index('counterparties_company_status_name_idx', ['company_id', 'status', 'name', 'id'])
@Index('counterparties_search_trgm_idx', { synchronize: false })
export class CounterpartyEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @EnumColumn(COUNTERPARTY_TYPES, { length: 16 })
  type: string;

  @EnumColumn(COUNTERPARTY_STATUSES, { length: 16, default: 'active' })
  status: string;

  @MetadataColumn()
  metadata: object | null;
}

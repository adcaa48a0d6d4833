import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';
import { DealStatusEntity } from '../statuses/deal-status.entity';
import { DealTypeEntity } from '../types/deal-type.entity';
import { CompanyReference, Reference } from '../../../../../database/company-reference';

/**
 * A deal. Its type and status are rows of its own company (composite foreign keys on
 * (company_id, …), which also refuse deleting a type or status in use). `total_amount` and
 * `positions_count` are kept by DealsRepository in the transaction of every position change, so
 * lists, the board and the analyses read them instead of summing positions. Every index starts
 * with company_id and ends with the list order (created_at, id); the trigram index for `search`
 * over the comment is created by hand in the migration. See docs/deals.md.
 */
@Entity('deals')
@Index('deals_company_id_idx', ['company_id'])
@Index('deals_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('deals_company_status_created_at_idx', ['company_id', 'status_id', 'created_at', 'id'])
@Index('deals_company_type_created_at_idx', ['company_id', 'type_id', 'created_at', 'id'])
@Index('deals_company_client_created_at_idx', ['company_id', 'client_id', 'created_at', 'id'])
@Index('deals_comment_trgm_idx', { synchronize: false })
export class DealEntity extends CompanyOwnedEntity {
  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'uuid', nullable: true })
  type_id: string | null;

  @CompanyReference(() => DealTypeEntity)
  type?: DealTypeEntity;

  @Column({ type: 'uuid' })
  status_id: string;

  @CompanyReference(() => DealStatusEntity)
  status?: DealStatusEntity;

  /** A CRM client of the company (checked by the service; clients are never deleted on their own). */
  @Column({ type: 'uuid', nullable: true })
  client_id: string | null;

  @Reference('crm_clients', 'SET NULL') client?: unknown;

  /** Σ round(price × quantity, 2) over the positions, in RUB. */
  @Column({ type: 'numeric', precision: 32, scale: 2, default: 0 })
  total_amount: number;

  @Column({ type: 'int', default: 0 })
  positions_count: number;
}

import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';

/**
 * A step of the company's own deal pipeline. At most one default per company is the partial
 * unique index; at least one is the deferred constraint trigger deal_statuses_one_default
 * (migration Deals), checked at commit, so a transaction may move the default from one status
 * to another in two statements. See docs/deals.md.
 */
@Entity('deal_statuses')
@Index('deal_statuses_search_trgm_idx', { synchronize: false })
@Index('deal_statuses_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('deal_statuses_company_default_key', ['company_id'], { unique: true, where: 'is_default' })
@Index('deal_statuses_company_sort_order_idx', ['company_id', 'sort_order', 'name', 'id'])
export class DealStatusEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'int' })
  sort_order: number;

  /** `#RRGGBB`, or null. */
  @Column({ type: 'varchar', length: 7, nullable: true })
  color: string | null;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;
}

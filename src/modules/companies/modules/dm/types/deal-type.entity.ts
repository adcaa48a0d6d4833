import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';

/**
 * A kind of deal the company names itself. The (company_id, id) key lets a deal refer to a type
 * of its own company only (a composite foreign key); the list walks (company_id, name, id).
 */
@Entity('deal_types')
@Index('deal_types_search_trgm_idx', { synchronize: false })
@Index('deal_types_company_id_id_key', ['company_id', 'id'], { unique: true })
@Index('deal_types_company_name_idx', ['company_id', 'name', 'id'])
export class DealTypeEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  comment: string | null;
}

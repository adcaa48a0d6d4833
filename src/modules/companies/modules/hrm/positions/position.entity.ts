import { Column, Entity, Index } from 'typeorm';
import { CompanyOwnedEntity } from '../../../companies/companies.face';

/** A position carries permission codes; employees assigned to it hold them. */
@Entity('positions')
@Index('positions_name_trgm_idx', { synchronize: false })
@Index('positions_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
export class PositionEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions: string[];
}

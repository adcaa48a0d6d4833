import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/company-owned.entity';
import { AccountEntity } from '../../accounts/account.entity';

/** An employee card; a linked platform account holds the permissions of the card's positions. */
@Entity('employees')
@Index('employees_company_id_created_at_idx', ['company_id', 'created_at', 'id'])
@Index('employees_company_account_key', ['company_id', 'account_id'], { unique: true, where: 'account_id IS NOT NULL' })
export class EmployeeEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  first_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: string;

  @Column({ type: 'uuid', nullable: true })
  account_id: string | null;

  @ManyToOne(() => AccountEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'timestamptz', nullable: true })
  linked_at: Date | null;
}

import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CompanyOwnedEntity } from '../../companies/company-owned.entity';
import { AccountEntity } from '../../accounts/account.entity';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;

/** An employee card; a linked platform account holds the permissions of the card's positions. */
@Entity('employees')
@Index('employees_company_id_created_at_idx', ['companyId', 'createdAt', 'id'])
@Index('employees_company_account_key', ['companyId', 'accountId'], { unique: true, where: 'account_id IS NOT NULL' })
export class EmployeeEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: string;

  @Column({ type: 'uuid', nullable: true })
  accountId: string | null;

  @ManyToOne(() => AccountEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'timestamptz', nullable: true })
  linkedAt: Date | null;
}

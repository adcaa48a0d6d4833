import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DealEntity } from './deal.entity';
import { OwningCompany, Reference } from '../../../../../database/company-reference';

/** An employee working on a deal; (company_id, employee_id) serves the list's employee filter. */
@Entity('deal_employees')
@Index('deal_employees_company_employee_idx', ['company_id', 'employee_id', 'deal_id'])
export class DealEmployeeEntity {
  @PrimaryColumn({ type: 'uuid' })
  deal_id: string;

  @Reference(() => DealEntity, 'CASCADE') deal?: DealEntity;

  @PrimaryColumn({ type: 'uuid' })
  employee_id: string;

  @Reference('employees', 'CASCADE') employee?: unknown;

  @Column({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;
}

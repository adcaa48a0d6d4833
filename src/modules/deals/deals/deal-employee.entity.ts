import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DealEntity } from './deal.entity';

/** An employee working on a deal; (company_id, employee_id) serves the list's employee filter. */
@Entity('deal_employees')
@Index('deal_employees_company_employee_idx', ['company_id', 'employee_id', 'deal_id'])
export class DealEmployeeEntity {
  @PrimaryColumn({ type: 'uuid' })
  deal_id: string;

  @ManyToOne(() => DealEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'deal_id' })
  deal?: DealEntity;

  @PrimaryColumn({ type: 'uuid' })
  employee_id: string;

  @ManyToOne('employees', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'employee_id' })
  employee?: unknown;

  @Column({ type: 'uuid' })
  company_id: string;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CompanyEntity } from '../../companies/company.entity';
import { PositionEntity } from '../positions/position.entity';
import { EmployeeEntity } from './employee.entity';

/** Which positions an employee holds; company_id keeps every row scoped to its tenant. */
@Entity('employee_positions')
@Index('employee_positions_position_id_idx', ['positionId'])
@Index('employee_positions_company_id_idx', ['companyId'])
export class EmployeePositionEntity {
  @PrimaryColumn({ type: 'uuid' })
  employeeId: string;

  @PrimaryColumn({ type: 'uuid' })
  positionId: string;

  @Column({ type: 'uuid' })
  companyId: string;

  @ManyToOne(() => EmployeeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'employee_id' })
  employee?: EmployeeEntity;

  @ManyToOne(() => PositionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'position_id' })
  position?: PositionEntity;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: CompanyEntity;
}

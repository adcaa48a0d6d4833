import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { PositionEntity } from '../positions/position.entity';
import { EmployeeEntity } from './employee.entity';
import { OwningCompany, Reference } from '../../../../../database/company-reference';

/** Which positions an employee holds; company_id keeps every row scoped to its tenant. */
@Entity('employee_positions')
@Index('employee_positions_position_id_idx', ['position_id'])
@Index('employee_positions_company_id_idx', ['company_id'])
export class EmployeePositionEntity {
  @PrimaryColumn({ type: 'uuid' })
  employee_id: string;

  @PrimaryColumn({ type: 'uuid' })
  position_id: string;

  @Column({ type: 'uuid' })
  company_id: string;

  @Reference(() => EmployeeEntity, 'CASCADE') employee?: EmployeeEntity;

  @Reference(() => PositionEntity, 'CASCADE') position?: PositionEntity;

  @OwningCompany() company?: unknown;
}

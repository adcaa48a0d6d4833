import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PositionEntity } from '../positions/position.entity';
import { EmployeeEntity } from './employee.entity';

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

  @ManyToOne(() => EmployeeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'employee_id' })
  employee?: EmployeeEntity;

  @ManyToOne(() => PositionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'position_id' })
  position?: PositionEntity;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;
}

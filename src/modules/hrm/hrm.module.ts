import { Module } from '@nestjs/common';
import { EmployeesRepository } from './employees/employees.repository';

/**
 * HRM: employees and positions. It owns the `hrm_member_permissions` view (migration DataLayer):
 * the codes each member's active employee card grants, which the company guard reads.
 */
@Module({
  providers: [EmployeesRepository],
  exports: [EmployeesRepository],
})
export class HrmModule {}

/**
 * What other modules may use of hrm (docs/architecture.md, "Module faces").
 */
export { EmployeeDto } from './employees/dto/employee.dto';
export { EmployeeReferences } from './employee-ports';
export { EMPLOYEE_JSON } from './employees/employees.repository';
export { HrmModule } from './hrm.module';
export { EMPLOYEE_PROFILES } from './hrm-views';
export { employeeFigures } from './hrm-figures';

import type { EmployeesRepository } from './employees/employees.repository';

/** What other modules may ask of HRM about employees their bodies name: which are active employees of the company. */
export abstract class EmployeeReferences {}
export interface EmployeeReferences extends Pick<EmployeesRepository, 'activeAmong'> {}

import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';
import { keepCounts } from '../../../../../core/pagination/kept-counts';

/**
 * A company's employees counted in all (`filter` '') and per status. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('employee_counts')
export class EmployeeCountEntity extends KeptCounts('employee_counts') {}

/**
 * The employee list's kept totals: declared here, the entity of their table, so
 * they are registered wherever the schema is loaded (listPage reads them; migration KeptCounts
 * creates their triggers).
 */
export const EMPLOYEE_COUNTS = keepCounts({
  table: 'employees',
  counts: 'employee_counts',
  filters: { status: 'status' },
});

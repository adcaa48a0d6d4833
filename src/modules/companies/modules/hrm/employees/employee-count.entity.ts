import { Entity } from 'typeorm';
import { KeptCounts } from '../../../companies/companies.face';

/**
 * A company's employees counted in all (`filter` '') and per status. Kept by the triggers of migration KeptCounts (src/core/pagination/kept-counts.ts): one
 * row per company, list filter and slot; listPage sums a filter's slots.
 */
@Entity('employee_counts')
export class EmployeeCountEntity extends KeptCounts({
  module: 'hrm',
  table: 'employees',
  counts: 'employee_counts',
  filters: { status: 'status' },
}) {}

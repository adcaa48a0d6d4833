import { Entity } from 'typeorm';
import type { KeptSums } from '../../../../../database/kept-counts';
import { KeptDaySums } from '../../../companies/companies.face';

/** The HRM analytics' kept sums: employees created per day, and how many of them are active or inactive. */
export const EMPLOYEE_DAY_SUMS: KeptSums = {
  table: 'employees',
  sums: 'employee_day_sums',
  where: 'TRUE',
  day: `(created_at AT TIME ZONE 'UTC')::date`,
  part: `''`,
  dims: { '': `''` },
  measures: {
    active: `CASE WHEN status = 'active' THEN 1 ELSE 0 END`,
    inactive: `CASE WHEN status = 'inactive' THEN 1 ELSE 0 END`,
  },
};

/**
 * A company's employees counted per UTC day of creation, in all and per status. Kept by the
 * triggers of migration KeptSums (src/database/kept-counts.ts) in every writer's transaction;
 * one row per slot. The HRM analytics read whole days from them (keptDays).
 */
@Entity('employee_day_sums')
export class EmployeeDaySumEntity extends KeptDaySums(EMPLOYEE_DAY_SUMS) {}

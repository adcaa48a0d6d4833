import { Period, PERIODS, TimeWindowQueryDto } from '../../../../../../core/analysis/periods';
import { OneOf } from '../../../../../../core/http/validators';

export class GroupedEmployeesQueryDto extends TimeWindowQueryDto {
  @OneOf(PERIODS)
  group_by: Period;
}

/** Employee statistics (spec 2); only new_employees depends on the window (CONTRACT 9). */
export class EmployeeSummaryDto {
  total_positions: number;
  total_employees: number;
  active_employees: number;
  inactive_employees: number;
  /** Employees created within the window. */
  new_employees: number;
}

/** The employees created in one period, split by their current status. */
export class EmployeeGroupDto {
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (UTC). */
  group_key: string;
  /** Display form: `21.11.2026`, `Ноябрь 2026`, `2026`. */
  group_name: string;
  employees_count: number;
  active_count: number;
  inactive_count: number;
}

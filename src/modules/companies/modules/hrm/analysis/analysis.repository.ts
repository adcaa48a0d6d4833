import { Injectable } from '@nestjs/common';
import { AnalysisStatementsRepository } from '../../../../../core/analysis/analysis-repository';
import { periodGroup, TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { keptDays } from '../../../../../core/analysis/kept-sums';
import { raw, sql } from '../../../../../database/sql';
import { EMPLOYEE_DAY_SUMS } from '../employees/employee-day-sum.entity';
import type { EmployeeGroupDto, EmployeeSummaryDto, GroupedEmployeesQueryDto } from './dto/analysis.dto';

/** The window's employees by day of creation: whole days from the kept sums, partial days from the rows. */
const summed = (companyId: string, window: TimeWindowQueryDto) =>
  keptDays(EMPLOYEE_DAY_SUMS, {
    companyId,
    part: '',
    dim: '',
    keyType: 'uuid',
    start: window.start_date,
    end: window.end_date,
  });

/** A kept employee total (employee_counts): all (`''`) or one status. */
const keptTotal = (companyId: string, filter: string) =>
  sql`(SELECT coalesce(sum(total), 0)::int AS total FROM employee_counts WHERE company_id = ${companyId} AND filter = ${filter})`;

/**
 * The HRM analytics statements (exported for bench/hrm.js, which EXPLAINs them): the totals from
 * the kept counts, the window's new employees and the periods from the kept daily sums, so
 * neither counts a company's employees.
 */
export const analysisStatements = {
  summary(companyId: string, window: TimeWindowQueryDto) {
    const windowed = window.start_date !== undefined || window.end_date !== undefined;
    return sql`SELECT positions.total AS total_positions, employees.total AS total_employees,
        employees.total - inactive.total AS active_employees, inactive.total AS inactive_employees,
        ${windowed ? sql`(SELECT coalesce(sum(k.count), 0)::int FROM (${summed(companyId, window)}) k)` : raw('employees.total')} AS new_employees
      FROM (SELECT count(*)::int AS total FROM positions WHERE company_id = ${companyId}) positions,
        ${keptTotal(companyId, '')} employees, ${keptTotal(companyId, 'status=inactive')} inactive`;
  },

  grouped(companyId: string, query: GroupedEmployeesQueryDto) {
    const period = periodGroup('k.created_at', query.group_by);
    return sql`SELECT ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name,
        sum(k.count)::int AS employees_count, sum(k.active)::int AS active_count, sum(k.inactive)::int AS inactive_count
      FROM (${summed(companyId, query)}) k
      GROUP BY ${raw(period.start)} HAVING sum(k.count) > 0 ORDER BY ${raw(period.start)}`;
  },
};

@Injectable()
export class AnalysisRepository extends AnalysisStatementsRepository<
  EmployeeSummaryDto,
  TimeWindowQueryDto,
  EmployeeGroupDto,
  GroupedEmployeesQueryDto
>(analysisStatements) {}

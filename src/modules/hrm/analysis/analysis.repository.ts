import { Injectable } from '@nestjs/common';
import { periodGroup, TimeWindowQueryDto } from '../../../core/analysis/periods';
import { Where } from '../../../core/pagination/list';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import type { EmployeeGroupDto, EmployeeSummaryDto, GroupedEmployeesQueryDto } from './dto/analysis.dto';

const COUNTS_BY_STATUS = `count(*)::int AS employees_count,
  count(*) FILTER (WHERE e.status = 'active')::int AS active_count,
  count(*) FILTER (WHERE e.status = 'inactive')::int AS inactive_count`;

/**
 * The HRM analytics statements (exported for bench/hrm.js, which EXPLAINs them), counted by
 * PostgreSQL over one company's index entries. The summary counts each figure on its own index
 * range rather than testing every employee against a FILTER per figure: at 50,000 employees that
 * was ~5 times slower. Its subqueries share the statement's snapshot, so the figures agree.
 */
export const analysisStatements = {
  summary(companyId: string, window: TimeWindowQueryDto) {
    const inWindow = new Where(sql`company_id = ${companyId}`).between(
      'created_at',
      window.start_date,
      window.end_date,
    );
    const windowed = window.start_date !== undefined || window.end_date !== undefined;
    return sql`SELECT positions.total AS total_positions, employees.total AS total_employees,
        employees.total - inactive.total AS active_employees, inactive.total AS inactive_employees,
        ${windowed ? sql`(SELECT count(*)::int FROM employees WHERE ${inWindow.toSql()})` : raw('employees.total')} AS new_employees
      FROM (SELECT count(*)::int AS total FROM positions WHERE company_id = ${companyId}) positions,
        (SELECT count(*)::int AS total FROM employees WHERE company_id = ${companyId}) employees,
        (SELECT count(*)::int AS total FROM employees WHERE company_id = ${companyId} AND status = 'inactive') inactive`;
  },

  grouped(companyId: string, query: GroupedEmployeesQueryDto) {
    const period = periodGroup('e.created_at', query.group_by);
    const where = new Where(sql`e.company_id = ${companyId}`).between('e.created_at', query.start_date, query.end_date);
    return sql`SELECT ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name, ${raw(COUNTS_BY_STATUS)}
      FROM employees e WHERE ${where.toSql()}
      GROUP BY ${raw(period.start)} ORDER BY ${raw(period.start)}`;
  },
};

@Injectable()
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  async summary(companyId: string, window: TimeWindowQueryDto): Promise<EmployeeSummaryDto> {
    return (await this.db.one<EmployeeSummaryDto>(analysisStatements.summary(companyId, window)))!;
  }

  grouped(companyId: string, query: GroupedEmployeesQueryDto): Promise<EmployeeGroupDto[]> {
    return this.db.rows(analysisStatements.grouped(companyId, query));
  }
}

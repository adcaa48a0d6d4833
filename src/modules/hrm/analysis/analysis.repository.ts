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
 * The HRM analytics statements (exported for bench/hrm.js, which EXPLAINs them). Each reads one
 * company's entries of employees_company_status_created_at_idx, which holds every column they
 * use: an index-only scan, counted in the database.
 */
export const analysisStatements = {
  summary(companyId: string, window: TimeWindowQueryDto) {
    const inWindow = new Where().between('e.created_at', window.start_date, window.end_date).toSql();
    return sql`SELECT (SELECT count(*) FROM positions p WHERE p.company_id = ${companyId})::int AS total_positions,
        count(*)::int AS total_employees,
        count(*) FILTER (WHERE e.status = 'active')::int AS active_employees,
        count(*) FILTER (WHERE e.status = 'inactive')::int AS inactive_employees,
        count(*) FILTER (WHERE ${inWindow})::int AS new_employees
      FROM employees e WHERE e.company_id = ${companyId}`;
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

import { Sql, sql } from '../../../../database/sql';

/** One row `{employees_total, employees_active}` from the kept counts (employee_counts), for the company summary. */
export const employeeFigures = (companyId: string): Sql =>
  sql`SELECT coalesce(sum(total) FILTER (WHERE filter = ''), 0)::int AS employees_total,
        coalesce(sum(total) FILTER (WHERE filter = 'status=active'), 0)::int AS employees_active
      FROM employee_counts WHERE company_id = ${companyId} AND filter IN ('', 'status=active')`;

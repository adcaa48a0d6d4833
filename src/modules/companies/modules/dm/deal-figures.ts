import { Sql, sql } from '../../../../database/sql';

/** One row `{deals_total}` from the kept counts (deal_counts), for the company summary. */
export const dealFigures = (companyId: string): Sql =>
  sql`SELECT coalesce(sum(total), 0)::int AS deals_total FROM deal_counts WHERE company_id = ${companyId} AND filter = ''`;

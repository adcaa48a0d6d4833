import { Sql, sql } from '../../../../database/sql';

/** One row `{clients_total, clients_active}` from the kept counts (crm_client_totals), for the company summary. */
export const clientFigures = (companyId: string): Sql =>
  sql`SELECT coalesce(sum(total) FILTER (WHERE filter = ''), 0)::int AS clients_total,
        coalesce(sum(total) FILTER (WHERE filter = 'status=active'), 0)::int AS clients_active
      FROM crm_client_totals WHERE company_id = ${companyId} AND filter IN ('', 'status=active')`;

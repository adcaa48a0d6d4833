import { Sql, sql } from '../../../../database/sql';

/**
 * One row `{categories_total, units_total}` for the company summary: a catalog is counted on its
 * `(company_id, …)` indexes (index-only), its size bounded by people typing it in, not by traffic.
 */
export const catalogFigures = (companyId: string): Sql =>
  sql`SELECT (SELECT count(*) FROM catalog_categories WHERE company_id = ${companyId})::int AS categories_total,
        (SELECT count(*) FROM catalog_units WHERE company_id = ${companyId})::int AS units_total`;

/** As in ClienteleCounts: rows of a kept count are spread over this many slots. */
export const SLOTS = 16;

/**
 * What the companies rows of `rows` add (`delta` 1) or take away (-1) from the live companies' store
 * totals in clientele_counts (migration CompanyStoreTotals; PaidCompanyTotals adds to its triggers).
 */
export const storeTotals = (rows: string, delta: number) =>
  `SELECT 'companies.objects' AS name, ${delta} * objects_count::bigint AS delta FROM ${rows} WHERE deleting_at IS NULL
   UNION ALL SELECT 'companies.bytes', ${delta} * objects_bytes::bigint FROM ${rows} WHERE deleting_at IS NULL`;

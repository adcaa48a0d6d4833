import { Sql, sql } from '../../../../database/sql';

/**
 * The company's completed transactions per currency over all time, `{currency, balance_income,
 * balance_expense, balance_total, balance_count}` a row, from the kept daily sums
 * (transaction_day_sums, the company as a whole: dim ''), for the company summary.
 */
export const balanceFigures = (companyId: string): Sql =>
  sql`SELECT part AS currency, sum(income) AS balance_income, sum(expense) AS balance_expense,
        sum(income) - sum(expense) AS balance_total, sum(count)::int AS balance_count
      FROM transaction_day_sums WHERE company_id = ${companyId} AND dim = ''
      GROUP BY part HAVING sum(count) <> 0 ORDER BY part`;

import { Injectable } from '@nestjs/common';
import { CurrencyCode } from '../../../../../core/money/currencies';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';

/** One UTC day of the window: its completed transactions in the currency, summed in SQL. */
export interface ForecastDay {
  date: string;
  income: number;
  expense: number;
  count: number;
  net_flow: number;
  /** The running sum of net_flow from the window's first day. */
  balance: number;
  /** The whole window's income, expense and count (the same on every day). */
  window_income: number;
  window_expense: number;
  window_count: number;
}

@Injectable()
export class ForecastRepository {
  constructor(private readonly db: Db) {}

  /** Every day from `first` to `last` (`YYYY-MM-DD`, inclusive), days without transactions included. */
  days(companyId: string, currency: CurrencyCode, first: string, last: string): Promise<ForecastDay[]> {
    return this.db.rows(
      sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(x.income, 0) AS income,
          coalesce(x.expense, 0) AS expense, coalesce(x.count, 0)::int AS count,
          coalesce(x.income, 0) - coalesce(x.expense, 0) AS net_flow,
          sum(coalesce(x.income, 0) - coalesce(x.expense, 0)) OVER (ORDER BY d.day) AS balance,
          sum(coalesce(x.income, 0)) OVER () AS window_income, sum(coalesce(x.expense, 0)) OVER () AS window_expense,
          sum(coalesce(x.count, 0)) OVER ()::int AS window_count
        FROM generate_series(${first}::date, ${last}::date, interval '1 day') d(day)
        LEFT JOIN (
          SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day,
            sum(t.base_amount) FILTER (WHERE t.direction = 'income') AS income,
            sum(t.base_amount) FILTER (WHERE t.direction = 'expense') AS expense,
            count(*) AS count
          FROM transactions t
          WHERE t.company_id = ${companyId} AND t.currency = ${currency} AND t.status = 'completed'
            AND t.created_at >= ${first}::date AT TIME ZONE 'UTC'
            AND t.created_at < (${last}::date + 1) AT TIME ZONE 'UTC'
          GROUP BY 1
        ) x ON x.day = d.day
        ORDER BY d.day`,
    );
  }
}

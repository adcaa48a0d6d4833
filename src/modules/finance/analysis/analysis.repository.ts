import { Injectable } from '@nestjs/common';
import { periodGroup } from '../../../core/analysis/periods';
import { currencyDecimals } from '../../../core/money/currencies';
import { Where } from '../../../core/pagination/list';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import type {
  FinanceGroupDto,
  FinanceSummaryDto,
  FinanceWindowQueryDto,
  GroupedFinanceQueryDto,
} from './dto/analysis.dto';

/**
 * The completed transactions an analysis covers: one company, one currency, the window. The
 * index transactions_company_currency_created_at_idx holds every column the analyses read, so
 * they are index-only range scans.
 */
export function countedTransactions(companyId: string, query: FinanceWindowQueryDto): Where {
  return new Where(
    sql`t.company_id = ${companyId}`,
    sql`t.currency = ${query.currency}`,
    sql`t.status = 'completed'`,
  ).between('t.created_at', query.start_date, query.end_date);
}

const SUMS = `coalesce(sum(t.base_amount) FILTER (WHERE t.direction = 'income'), 0) AS income,
  coalesce(sum(t.base_amount) FILTER (WHERE t.direction = 'expense'), 0) AS expense,
  count(*)::int AS count`;

/** How each grouping names its groups, from the sums `g` (grouped by `g.key`). */
const GROUPINGS = {
  category: {
    key: 't.category_id',
    select: `coalesce(g.key::text, 'no-category') AS group_key, coalesce(c.name, 'Без категории') AS group_name`,
    join: 'LEFT JOIN transaction_categories c ON c.id = g.key',
    order: 'g.income + g.expense DESC, group_key',
  },
  employee: {
    key: 't.employee_id',
    select: `coalesce(g.key::text, 'no-employee') AS group_key,
      coalesce(trim(e.first_name || ' ' || coalesce(e.last_name, '')), 'Без сотрудника') AS group_name`,
    join: 'LEFT JOIN employees e ON e.id = g.key',
    order: 'g.income + g.expense DESC, group_key',
  },
};

/** The finance analyses' statements (exported for bench/finance.js, which EXPLAINs them). */
export const analysisStatements = {
  summary(companyId: string, query: FinanceWindowQueryDto) {
    const decimals = currencyDecimals(query.currency);
    return sql`SELECT ${query.currency}::text AS currency, s.income AS total_income, s.expense AS total_expense,
        s.income - s.expense AS net_balance, s.count AS transaction_count,
        CASE WHEN s.count = 0 THEN 0 ELSE round((s.income + s.expense) / s.count, ${decimals}::int) END AS avg_transaction
      FROM (SELECT ${raw(SUMS)} FROM transactions t WHERE ${countedTransactions(companyId, query).toSql()}) s`;
  },

  grouped(companyId: string, query: GroupedFinanceQueryDto) {
    const where = countedTransactions(companyId, query).toSql();
    const columns = raw(`g.income, g.expense, g.income - g.expense AS net, g.count`);
    if (query.group_by === 'day' || query.group_by === 'month') {
      const period = periodGroup('t.created_at', query.group_by);
      return sql`SELECT g.group_key, g.group_name, ${columns}, ${query.currency}::text AS currency
        FROM (SELECT ${raw(period.start)} AS start, ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name,
            ${raw(SUMS)}
          FROM transactions t WHERE ${where} GROUP BY ${raw(period.start)}) g
        ORDER BY g.start`;
    }
    const grouping = GROUPINGS[query.group_by];
    return sql`SELECT ${raw(grouping.select)}, ${columns}, ${query.currency}::text AS currency
      FROM (SELECT ${raw(grouping.key)} AS key, ${raw(SUMS)} FROM transactions t WHERE ${where}
        GROUP BY ${raw(grouping.key)}) g
      ${raw(grouping.join)}
      ORDER BY ${raw(grouping.order)}`;
  },
};

@Injectable()
export class FinanceAnalysisRepository {
  constructor(private readonly db: Db) {}

  async summary(companyId: string, query: FinanceWindowQueryDto): Promise<FinanceSummaryDto> {
    return (await this.db.one<FinanceSummaryDto>(analysisStatements.summary(companyId, query)))!;
  }

  grouped(companyId: string, query: GroupedFinanceQueryDto): Promise<FinanceGroupDto[]> {
    return this.db.rows(analysisStatements.grouped(companyId, query));
  }
}

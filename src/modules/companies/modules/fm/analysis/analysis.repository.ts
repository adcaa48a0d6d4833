import { Injectable } from '@nestjs/common';
import { AnalysisStatementsRepository } from '../../../../../core/analysis/analysis-repository';
import { periodGroup } from '../../../../../core/analysis/periods';
import { currencyDecimals } from '../../../../../core/money/currencies';
import { keptDays } from '../../../../../core/analysis/kept-sums';
import { raw, sql } from '../../../../../database/sql';
import { EMPLOYEE_PROFILES } from '../../hrm/hrm.face';
import { TRANSACTION_DAY_SUMS } from '../transactions/transaction-day-sum.entity';
import type {
  FinanceGroupDto,
  FinanceSummaryDto,
  FinanceWindowQueryDto,
  GroupedFinanceQueryDto,
} from './dto/analysis.dto';

/**
 * The completed transactions of one currency in the window, grouped by `dim` (`''`, category,
 * employee): whole UTC days read from the kept daily sums (transaction_day_sums), the partial
 * days at the window's edges from the rows (index ranges of transactions_company_currency_created_at_idx),
 * so an analysis over years reads days, not rows.
 */
const summed = (companyId: string, query: FinanceWindowQueryDto, dim: '' | 'category' | 'employee') =>
  keptDays(TRANSACTION_DAY_SUMS, {
    companyId,
    part: query.currency,
    dim,
    keyType: 'uuid',
    start: query.start_date,
    end: query.end_date,
  });

const SUMS = `coalesce(sum(t.income), 0) AS income, coalesce(sum(t.expense), 0) AS expense, coalesce(sum(t.count), 0)::int AS count`;

/** How each grouping names its groups, from the sums `g` (grouped by `g.key`). */
const GROUPINGS = {
  category: {
    select: `coalesce(g.key::text, 'no-category') AS group_key, coalesce(c.name, 'Без категории') AS group_name`,
    join: 'LEFT JOIN transaction_categories c ON c.id = g.key',
    order: 'g.income + g.expense DESC, group_key',
  },
  employee: {
    select: `coalesce(g.key::text, 'no-employee') AS group_key,
      coalesce(trim(e.first_name || ' ' || coalesce(e.last_name, '')), 'Без сотрудника') AS group_name`,
    join: `LEFT JOIN ${EMPLOYEE_PROFILES} e ON e.id = g.key`,
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
      FROM (SELECT ${raw(SUMS)} FROM (${summed(companyId, query, '')}) t) s`;
  },

  grouped(companyId: string, query: GroupedFinanceQueryDto) {
    const columns = raw(`g.income, g.expense, g.income - g.expense AS net, g.count`);
    if (query.group_by === 'day' || query.group_by === 'month') {
      const period = periodGroup('t.created_at', query.group_by);
      return sql`SELECT g.group_key, g.group_name, ${columns}, ${query.currency}::text AS currency
        FROM (SELECT ${raw(period.start)} AS start, ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name,
            ${raw(SUMS)}
          FROM (${summed(companyId, query, '')}) t GROUP BY ${raw(period.start)}) g
        WHERE g.count > 0
        ORDER BY g.start`;
    }
    const grouping = GROUPINGS[query.group_by];
    return sql`SELECT ${raw(grouping.select)}, ${columns}, ${query.currency}::text AS currency
      FROM (SELECT t.group_id AS key, ${raw(SUMS)} FROM (${summed(companyId, query, query.group_by)}) t
        GROUP BY t.group_id) g
      ${raw(grouping.join)}
      WHERE g.count > 0
      ORDER BY ${raw(grouping.order)}`;
  },
};

@Injectable()
export class FinanceAnalysisRepository extends AnalysisStatementsRepository<
  FinanceSummaryDto,
  FinanceWindowQueryDto,
  FinanceGroupDto,
  GroupedFinanceQueryDto
>(analysisStatements) {}

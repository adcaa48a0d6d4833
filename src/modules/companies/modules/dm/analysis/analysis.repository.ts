import { Injectable } from '@nestjs/common';
import { AnalysisStatementsRepository } from '../../../../../core/analysis/analysis-repository';
import { Period, periodGroup } from '../../../../../core/analysis/periods';
import { keptDays } from '../../../../../core/analysis/kept-sums';
import { raw, sql } from '../../../../../database/sql';
import { CLIENT_PROFILES } from '../../crm/crm.face';
import { EMPLOYEE_PROFILES } from '../../hrm/hrm.face';
import { DEAL_DAY_SUMS } from '../deals/deal-day-sum.entity';
import { dealWhere } from '../deals/deal-filters';
import type {
  DealAnalysisQueryDto,
  DealGrouping,
  DealGroupStatsDto,
  DealSummaryDto,
  GroupedDealsQueryDto,
} from './dto/analysis.dto';

/**
 * Each grouping: the joins it needs, its key and name, and its order. Deals without a type,
 * client or employee form one group each (`no-…`); a deal with several employees counts in each
 * of their groups. Periods ascend; the pipeline keeps its order; the rest go by count, largest first.
 */
function grouping(
  by: DealGrouping,
  d = { type_id: 'd.type_id', status_id: 'd.status_id', client_id: 'd.client_id', created_at: 'd.created_at' },
  count = 'count(*)',
): { join: string; key: string; name: string; order: string } {
  switch (by) {
    case 'type':
      return {
        join: `LEFT JOIN deal_types t ON t.id = ${d.type_id}`,
        key: `coalesce(t.id::text, 'no-type')`,
        name: `coalesce(t.name, 'Без типа')`,
        order: `${count} DESC, 2, 1`,
      };
    case 'status':
      return {
        join: `JOIN deal_statuses s ON s.id = ${d.status_id}`,
        key: 's.id::text',
        name: 's.name',
        order: 'min(s.sort_order), 2, 1',
      };
    case 'client':
      return {
        join: `LEFT JOIN ${CLIENT_PROFILES} c ON c.id = ${d.client_id}`,
        key: `coalesce(c.id::text, 'no-client')`,
        name: `coalesce(c.first_name || coalesce(' ' || c.last_name, ''), 'Без клиента')`,
        order: `${count} DESC, 2, 1`,
      };
    case 'employee':
      return {
        join: `LEFT JOIN deal_employees de ON de.deal_id = d.id LEFT JOIN ${EMPLOYEE_PROFILES} e ON e.id = de.employee_id`,
        key: `coalesce(e.id::text, 'no-employee')`,
        name: `coalesce(e.first_name || coalesce(' ' || e.last_name, ''), 'Без сотрудника')`,
        order: `${count} DESC, 2, 1`,
      };
    default: {
      const period = periodGroup(d.created_at, by as Period);
      // Keys (`2026-11-21`, `2026-11`, `2026`) sort as their periods do.
      return { join: '', key: period.key, name: period.name, order: '1' };
    }
  }
}

/**
 * Whether the kept daily sums answer the analysis: no list filter but the window, and not grouped
 * by employee (a deal's employees are another table's rows).
 */
const kept = (query: DealAnalysisQueryDto & { group_by?: DealGrouping }) =>
  query.type_id === undefined &&
  query.status_id === undefined &&
  query.client_id === undefined &&
  query.employee_id === undefined &&
  query.group_by !== 'employee';

const NO_IDS = { type_id: 'NULL', status_id: 'NULL', client_id: 'NULL', created_at: 'NULL' };

/** The window's deals from the kept sums (whole days) and rows (partial days), grouped by `dim`. */
const summed = (companyId: string, query: DealAnalysisQueryDto, dim: '' | 'type' | 'status' | 'client') =>
  keptDays(DEAL_DAY_SUMS, { companyId, part: '', dim, keyType: 'uuid', start: query.start_date, end: query.end_date });

/** The deal analyses' statements (exported for bench/deals.js, which EXPLAINs them). */
export const dealAnalysisStatements = {
  summary(companyId: string, query: DealAnalysisQueryDto) {
    if (kept(query)) {
      return sql`SELECT counted.total_deals, s.id AS default_status_id, s.name AS default_status_name,
          counted.deals_in_default, counted.total_amount, counted.avg_deal_amount
        FROM deal_statuses s,
          LATERAL (SELECT coalesce(sum(k.count), 0)::int AS total_deals,
              coalesce((SELECT sum(x.count) FROM (${summed(companyId, query, 'status')}) x WHERE x.group_id = s.id), 0)::int
                AS deals_in_default,
              coalesce(sum(k.amount), 0) AS total_amount,
              round(sum(k.priced_amount) / nullif(sum(k.priced), 0), 2) AS avg_deal_amount
            FROM (${summed(companyId, query, '')}) k) counted
        WHERE s.company_id = ${companyId} AND s.is_default`;
    }
    const where = dealWhere(companyId, query).toSql();
    return sql`SELECT counted.total_deals, s.id AS default_status_id, s.name AS default_status_name,
        counted.deals_in_default, counted.total_amount, counted.avg_deal_amount
      FROM deal_statuses s,
        LATERAL (SELECT count(*)::int AS total_deals,
            count(*) FILTER (WHERE d.status_id = s.id)::int AS deals_in_default,
            coalesce(sum(d.total_amount), 0) AS total_amount,
            round(avg(d.total_amount) FILTER (WHERE d.positions_count > 0), 2) AS avg_deal_amount
          FROM deals d WHERE ${where}) counted
      WHERE s.company_id = ${companyId} AND s.is_default`;
  },

  grouped(companyId: string, query: GroupedDealsQueryDto) {
    if (kept(query)) {
      if (!['type', 'status', 'client'].includes(query.group_by)) {
        const period = grouping(query.group_by, { ...NO_IDS, created_at: 'k.created_at' }, 'sum(k.count)');
        return sql`SELECT ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name,
            sum(k.count)::int AS count, coalesce(sum(k.amount), 0) AS amount
          FROM (${summed(companyId, query, '')}) k
          GROUP BY 1, 2 HAVING sum(k.count) > 0 ORDER BY ${raw(period.order)}`;
      }
      // Summed per group first, then named: the names are read for the groups only.
      const dim = query.group_by as 'type' | 'status' | 'client';
      const group = grouping(dim, { ...NO_IDS, [`${dim}_id`]: 'g.group_id' }, 'g.count');
      return sql`SELECT ${raw(group.key)} AS group_key, ${raw(group.name)} AS group_name, g.count, g.amount
        FROM (SELECT k.group_id, sum(k.count)::int AS count, coalesce(sum(k.amount), 0) AS amount
          FROM (${summed(companyId, query, dim)}) k GROUP BY k.group_id HAVING sum(k.count) > 0) g
        ${raw(group.join)}
        ORDER BY ${raw(dim === 'status' ? 's.sort_order, 2, 1' : group.order)}`;
    }
    const group = grouping(query.group_by);
    return sql`SELECT ${raw(group.key)} AS group_key, ${raw(group.name)} AS group_name,
        count(*)::int AS count, coalesce(sum(d.total_amount), 0) AS amount
      FROM deals d ${raw(group.join)}
      WHERE ${dealWhere(companyId, query).toSql()}
      GROUP BY 1, 2 ORDER BY ${raw(group.order)}`;
  },
};

@Injectable()
export class DealAnalysisRepository extends AnalysisStatementsRepository<
  DealSummaryDto,
  DealAnalysisQueryDto,
  DealGroupStatsDto,
  GroupedDealsQueryDto
>(dealAnalysisStatements) {}

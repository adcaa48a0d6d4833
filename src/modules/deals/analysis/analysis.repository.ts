import { Injectable } from '@nestjs/common';
import { Period, periodGroup } from '../../../core/analysis/periods';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
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
function grouping(by: DealGrouping): { join: string; key: string; name: string; order: string } {
  switch (by) {
    case 'type':
      return {
        join: 'LEFT JOIN deal_types t ON t.id = d.type_id',
        key: `coalesce(t.id::text, 'no-type')`,
        name: `coalesce(t.name, 'Без типа')`,
        order: 'count(*) DESC, 2, 1',
      };
    case 'status':
      return {
        join: 'JOIN deal_statuses s ON s.id = d.status_id',
        key: 's.id::text',
        name: 's.name',
        order: 'min(s.sort_order), 2, 1',
      };
    case 'client':
      return {
        join: 'LEFT JOIN crm_clients c ON c.id = d.client_id',
        key: `coalesce(c.id::text, 'no-client')`,
        name: `coalesce(c.first_name || coalesce(' ' || c.last_name, ''), 'Без клиента')`,
        order: 'count(*) DESC, 2, 1',
      };
    case 'employee':
      return {
        join: 'LEFT JOIN deal_employees de ON de.deal_id = d.id LEFT JOIN employees e ON e.id = de.employee_id',
        key: `coalesce(e.id::text, 'no-employee')`,
        name: `coalesce(e.first_name || coalesce(' ' || e.last_name, ''), 'Без сотрудника')`,
        order: 'count(*) DESC, 2, 1',
      };
    default: {
      const period = periodGroup('d.created_at', by as Period);
      // Keys (`2026-11-21`, `2026-11`, `2026`) sort as their periods do.
      return { join: '', key: period.key, name: period.name, order: '1' };
    }
  }
}

/** The deal analyses' statements (exported for bench/deals.js, which EXPLAINs them). */
export const dealAnalysisStatements = {
  summary(companyId: string, query: DealAnalysisQueryDto) {
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
    const group = grouping(query.group_by);
    return sql`SELECT ${raw(group.key)} AS group_key, ${raw(group.name)} AS group_name,
        count(*)::int AS count, coalesce(sum(d.total_amount), 0) AS amount
      FROM deals d ${raw(group.join)}
      WHERE ${dealWhere(companyId, query).toSql()}
      GROUP BY 1, 2 ORDER BY ${raw(group.order)}`;
  },
};

@Injectable()
export class DealAnalysisRepository {
  constructor(private readonly db: Db) {}

  async summary(companyId: string, query: DealAnalysisQueryDto): Promise<DealSummaryDto> {
    return (await this.db.one<DealSummaryDto>(dealAnalysisStatements.summary(companyId, query)))!;
  }

  grouped(companyId: string, query: GroupedDealsQueryDto): Promise<DealGroupStatsDto[]> {
    return this.db.rows(dealAnalysisStatements.grouped(companyId, query));
  }
}

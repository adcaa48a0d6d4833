import { Injectable } from '@nestjs/common';
import { AnalysisStatementsRepository } from '../../../../../core/analysis/analysis-repository';
import { periodGroup, TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { Where } from '../../../../../core/pagination/list';
import { raw, sql } from '../../../../../database/sql';
import type { ClientGroupDto, ClientsSummaryDto, GroupedClientsQueryDto } from './dto/analysis.dto';

/**
 * The CRM analytics statements, counted by PostgreSQL over one company's clients. Kept here, in
 * one place, so that they can move onto kept counts without touching the routes.
 */
export const crmAnalysisStatements = {
  summary(companyId: string, window: TimeWindowQueryDto) {
    const inWindow = new Where(sql`c.company_id = ${companyId}`).between(
      'c.created_at',
      window.start_date,
      window.end_date,
    );
    return sql`SELECT count(*)::int AS total_clients,
        count(*) FILTER (WHERE c.status = 'active')::int AS active_clients,
        count(*) FILTER (WHERE c.status = 'inactive')::int AS inactive_clients,
        count(*) FILTER (WHERE c.type = 'individual')::int AS individual_clients,
        count(*) FILTER (WHERE c.type = 'legal')::int AS legal_clients,
        (SELECT count(*)::int FROM crm_clients c WHERE ${inWindow.toSql()}) AS new_clients
      FROM crm_clients c WHERE c.company_id = ${companyId}`;
  },

  /**
   * By source: every source of the company (those without clients in the window at 0), most
   * clients first, then by name. By day or month: ascending, periods without clients omitted.
   */
  grouped(companyId: string, query: GroupedClientsQueryDto) {
    if (query.group_by === 'source') {
      const window = new Where(sql`c.company_id = s.company_id`, sql`c.source_id = s.id`).between(
        'c.created_at',
        query.start_date,
        query.end_date,
      );
      return sql`SELECT s.id::text AS group_key, s.name AS group_name,
          (SELECT count(*)::int FROM crm_clients c WHERE ${window.toSql()}) AS clients_count
        FROM crm_sources s WHERE s.company_id = ${companyId}
        ORDER BY clients_count DESC, s.name, s.id`;
    }
    const period = periodGroup('c.created_at', query.group_by);
    const where = new Where(sql`c.company_id = ${companyId}`).between('c.created_at', query.start_date, query.end_date);
    return sql`SELECT ${raw(period.key)} AS group_key, ${raw(period.name)} AS group_name, count(*)::int AS clients_count
      FROM crm_clients c WHERE ${where.toSql()}
      GROUP BY ${raw(period.start)} ORDER BY ${raw(period.start)}`;
  },
};

@Injectable()
export class CrmAnalysisRepository extends AnalysisStatementsRepository<
  ClientsSummaryDto,
  TimeWindowQueryDto,
  ClientGroupDto,
  GroupedClientsQueryDto
>(crmAnalysisStatements) {}

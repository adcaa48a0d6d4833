import { containing, SearchArm, Where } from '../../../../../core/pagination/list';
import { join, raw, Sql, sql } from '../../../../../database/sql';
import { CLIENT_PROFILES, CLIENT_SEARCH_TEXT } from '../../crm/crm.face';

/** The filters the deal list, the board and the analyses share. */
export interface DealFilters {
  type_id?: string;
  status_id?: string;
  client_id?: string;
  employee_id?: string;
  search?: string;
  start_date?: string;
  end_date?: string;
}

/** The WHERE over deals aliased `d` of one company, but `search` (dealSearchArms). */
export function dealWhere(companyId: string, filters: DealFilters): Where {
  const where = new Where(sql`d.company_id = ${companyId}`)
    .equals('d.type_id', filters.type_id)
    .equals('d.status_id', filters.status_id)
    .equals('d.client_id', filters.client_id)
    .between('d.created_at', filters.start_date, filters.end_date);
  if (filters.employee_id !== undefined) {
    where.and(sql`d.id IN (SELECT de.deal_id FROM deal_employees de
      WHERE de.company_id = ${companyId} AND de.employee_id = ${filters.employee_id})`);
  }
  return where;
}

/**
 * `search`'s arms over deals aliased `d`: the comment, any position's name, the client's CRM
 * search text (first name, last name, e-mail), case-insensitively; each served by a trigram
 * index (deals_comment_trgm_idx, deal_positions_name_trgm_idx, crm_clients_search_trgm_idx).
 */
export function dealSearchArms(companyId: string, term: string): SearchArm[] {
  const pattern = containing(term);
  return [
    sql`d.comment ILIKE ${pattern}`,
    sql`d.id IN (SELECT p.deal_id FROM deal_positions p WHERE p.company_id = ${companyId} AND p.name ILIKE ${pattern})`,
    {
      column: 'd.client_id',
      keys: sql`SELECT c.id FROM ${raw(CLIENT_PROFILES)} c WHERE c.company_id = ${companyId} AND ${raw(CLIENT_SEARCH_TEXT)} ILIKE ${pattern}`,
    },
  ];
}

/** The deals matching `search`, as one condition (the board's, over its few groups). */
export function dealSearchCondition(companyId: string, term: string): Sql {
  const arms = dealSearchArms(companyId, term).map((arm) =>
    arm instanceof Sql
      ? sql`SELECT d.id FROM deals d WHERE d.company_id = ${companyId} AND ${arm}`
      : sql`SELECT d.id FROM deals d WHERE d.company_id = ${companyId} AND ${raw(arm.column)} IN (${arm.keys})`,
  );
  return sql`d.id IN (${join(arms, ' UNION ')})`;
}

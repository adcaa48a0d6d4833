import { containing, Where } from '../../../core/pagination/list';
import { raw, sql } from '../../../database/sql';
import { CLIENT_SEARCH_TEXT } from '../../crm/clients/clients.repository';

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

/**
 * The WHERE over deals aliased `d` of one company. `search` matches the comment, any position's
 * name or the client's CRM search text (first name, last name, e-mail), case-insensitively; each
 * part is served by a trigram index (deals_comment_trgm_idx, deal_positions_name_trgm_idx,
 * crm_clients_search_trgm_idx).
 */
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
  if (filters.search !== undefined) {
    const pattern = containing(filters.search);
    // The matching deals as one set of ids, each part an index lookup, rather than an OR the
    // planner can only test deal by deal.
    where.search(sql`d.id IN (
      SELECT x.id FROM deals x WHERE x.company_id = ${companyId} AND x.comment ILIKE ${pattern}
      UNION SELECT p.deal_id FROM deal_positions p WHERE p.company_id = ${companyId} AND p.name ILIKE ${pattern}
      UNION SELECT x.id FROM deals x WHERE x.company_id = ${companyId} AND x.client_id IN (
        SELECT c.id FROM crm_clients c WHERE c.company_id = ${companyId} AND ${raw(CLIENT_SEARCH_TEXT)} ILIKE ${pattern}))`);
  }
  return where;
}

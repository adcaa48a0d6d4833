import { containing, Where } from '../../../core/pagination/list';
import { sql } from '../../../database/sql';

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
 * The WHERE over deals aliased `d` of one company. `search` matches the comment, the client's
 * name or any position's name, case-insensitively; each part is a subquery over one company's
 * rows that a trigram index serves (deals_comment_trgm_idx, deal_positions_name_trgm_idx).
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
    where.and(sql`(d.comment ILIKE ${pattern}
      OR d.client_id IN (SELECT c.id FROM crm_clients c WHERE c.company_id = ${companyId}
        AND (c.first_name || ' ' || coalesce(c.last_name, '')) ILIKE ${pattern})
      OR d.id IN (SELECT p.deal_id FROM deal_positions p WHERE p.company_id = ${companyId} AND p.name ILIKE ${pattern}))`);
  }
  return where;
}

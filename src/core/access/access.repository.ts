import { Injectable } from '@nestjs/common';
import { PreparedStatements } from '../../database/prepared-statements';

export interface CompanyStanding {
  plan_code: string;
  plan_lvl: number;
  plan_expires_at: Date;
  expired: boolean;
  /** The caller's role, null when not a member. */
  role: 'owner' | 'member' | null;
  /** For a member: the codes of the positions of their active linked employee card. */
  granted: string[] | null;
}

@Injectable()
export class AccessRepository {
  constructor(private readonly statements: PreparedStatements) {}

  /**
   * Everything the company guard needs, in one query: the company's plan and the caller's
   * membership and granted codes. Null when the company does not exist or is being deleted.
   */
  async standing(companyId: string, accountId: string): Promise<CompanyStanding | null> {
    const [row] = await this.statements.rows<CompanyStanding>(
      'access-company-standing',
      `SELECT c.plan_code, p.lvl AS plan_lvl, c.plan_expires_at, c.plan_expires_at <= now() AS expired, m.role,
         CASE WHEN m.role = 'member' THEN ARRAY(
           SELECT DISTINCT code
           FROM employees e
           JOIN employee_positions ep ON ep.employee_id = e.id
           JOIN positions pos ON pos.id = ep.position_id
           CROSS JOIN unnest(pos.permissions) AS code
           WHERE e.company_id = c.id AND e.account_id = $2 AND e.status = 'active'
         ) END AS granted
       FROM companies c
       JOIN pricing_plans p ON p.code = c.plan_code
       LEFT JOIN company_members m ON m.company_id = c.id AND m.account_id = $2
       WHERE c.id = $1 AND c.deleting_at IS NULL`,
      [companyId, accountId],
    );
    return row ?? null;
  }

  /** Whether `table` has the row `id` in this company. `table` comes from a route declaration, never a request. */
  async exists(table: string, id: string, companyId: string): Promise<boolean> {
    const [row] = await this.statements.rows(
      `access-exists-${table}`,
      `SELECT 1 FROM ${table} WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return row !== undefined;
  }
}

import { Injectable } from '@nestjs/common';
import type { CompanyStanding, CompanyStandings } from '../../../core/access/company-standing';
import { Db } from '../../../database/db';
import { raw, Sql, sql } from '../../../database/sql';
import { COMPANY_MEMBERSHIPS, MEMBER_PERMISSION_SETTINGS } from '../members/members.face';
import { PLAN_LIMITS } from '../plans/plans.face';
import { MemberGrants } from './member-grants';

/** Core's CompanyStandings over the companies module's tables: the company guard's one query and the change hold. */
@Injectable()
export class CompanyStandingsRepository implements CompanyStandings {
  constructor(
    private readonly db: Db,
    private readonly grants: MemberGrants,
  ) {}

  /**
   * The company guard's one query (core's CompanyStandings): the company's plan and the
   * caller's membership, with the codes granted to a member: those HRM gives (its
   * hrm_member_permissions view, registered with MemberGrants), plus the member's settings'
   * increase_permissions, less their reduce_permissions. Plans and members are read through
   * their views (plan_limits, company_memberships, member_permission_settings).
   */
  standing(companyId: string, accountId: string): Promise<CompanyStanding | null> {
    return this.db.one<CompanyStanding>(this.standingStatement(companyId, accountId), 'access-company-standing');
  }

  standingStatement(companyId: string, accountId: string | Sql): Sql {
    return sql`SELECT c.plan_code, p.lvl AS plan_lvl, c.plan_expires_at, c.plan_expires_at <= now() AS expired, m.role,
            CASE WHEN m.role = 'member' THEN ARRAY(
              SELECT DISTINCT code FROM unnest(
                coalesce(
                  (SELECT g.codes::text[] FROM ${raw(this.grants.relation)} g WHERE g.company_id = c.id AND g.account_id = ${accountId}),
                  '{}'
                ) || coalesce(s.increase_permissions, '{}')
              ) code
              WHERE code <> ALL(coalesce(s.reduce_permissions, '{}'))
            ) END AS granted
          FROM companies c
          JOIN ${raw(PLAN_LIMITS)} p ON p.code = c.plan_code
          LEFT JOIN ${raw(COMPANY_MEMBERSHIPS)} m ON m.company_id = c.id AND m.account_id = ${accountId}
          LEFT JOIN ${raw(MEMBER_PERMISSION_SETTINGS)} s ON s.company_id = c.id AND s.account_id = ${accountId}
          WHERE c.id = ${companyId} AND c.deleting_at IS NULL`;
  }

  async holdForChange(companyId: string, exclusive = false): Promise<boolean> {
    const held = exclusive
      ? await this.db.one(
          sql`SELECT 1 FROM companies WHERE id = ${companyId} AND deleting_at IS NULL FOR UPDATE`,
          'hold-company-exclusively',
        )
      : await this.db.one(
          sql`SELECT 1 FROM companies WHERE id = ${companyId} AND deleting_at IS NULL FOR KEY SHARE`,
          'hold-company-for-change',
        );
    return held !== null;
  }
}

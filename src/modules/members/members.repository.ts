import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../core/pagination/list';
import { Page } from '../../core/pagination/page';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { Table } from '../../database/table';
import { CompanyMemberEntity } from './company-member.entity';
import type { MemberDto } from './dto/member.dto';

export const companyMembers = new Table(CompanyMemberEntity);

@Injectable()
export class MembersRepository {
  constructor(private readonly db: Db) {}

  list(companyId: string, query: PageQueryDto): Promise<Page<MemberDto>> {
    return listPage(
      this.db,
      {
        from: 'company_members m',
        where: new Where(sql`m.company_id = ${companyId}`),
        orderBy: 'm.joined_at DESC, m.account_id DESC',
        key: ['m.company_id', 'm.account_id'],
        select: 'm.account_id, a.name, a.email, m.role, m.joined_at',
        join: 'JOIN accounts a ON a.id = m.account_id',
      },
      query,
    );
  }

  /** The account's role in the company, null when it is not a member. */
  async roleOf(companyId: string, accountId: string): Promise<'owner' | 'member' | null> {
    const row = await this.db.one<{ role: 'owner' | 'member' }>(
      sql`SELECT role FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
    return row?.role ?? null;
  }

  /**
   * Whether the account is a member, keeping the membership until the caller's transaction ends
   * (FOR SHARE): a concurrent removal waits, then finds and unlinks what the caller linked.
   */
  async holdMembership(companyId: string, accountId: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId} FOR SHARE`,
    );
    return row !== null;
  }

  /** Makes the account a member; an existing membership (the owner's included) is left as it is. */
  async add(companyId: string, accountId: string): Promise<void> {
    await this.db.affected(
      sql`${companyMembers.insert({ company_id: companyId, account_id: accountId, role: 'member' })}
          ON CONFLICT (company_id, account_id) DO NOTHING`,
    );
  }

  /** Removes a membership that is not the owner's. False when there was none to remove. */
  async removeMember(companyId: string, accountId: string): Promise<boolean> {
    const removed = await this.db.affected(
      sql`DELETE FROM company_members WHERE company_id = ${companyId} AND account_id = ${accountId} AND role = 'member'`,
    );
    return removed > 0;
  }
}

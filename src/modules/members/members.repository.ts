import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { selectPage } from '../../database/select-page';
import { Db, InjectDb } from '../../database/transaction-host';
import type { MemberDto } from './dto/member.dto';

const MEMBER_COLUMNS = 'm.account_id, a.name, a.email, m.role, m.joined_at';

@Injectable()
export class MembersRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async list(companyId: string, query: PageQueryDto): Promise<{ items: MemberDto[]; total: number }> {
    return selectPage(
      this.db,
      {
        select: MEMBER_COLUMNS,
        from: 'company_members m JOIN accounts a ON a.id = m.account_id',
        countFrom: 'company_members m',
        where: 'm.company_id = $1',
        orderBy: 'm.joined_at DESC, m.account_id DESC',
      },
      [companyId],
      query,
    );
  }

  /** The account's role in the company, null when it is not a member. */
  async roleOf(companyId: string, accountId: string): Promise<'owner' | 'member' | null> {
    const [row] = await this.db.tx.query(`SELECT role FROM company_members WHERE company_id = $1 AND account_id = $2`, [
      companyId,
      accountId,
    ]);
    return row?.role ?? null;
  }

  /** Makes the account a member; an existing membership (the owner's included) is left as it is. */
  async add(companyId: string, accountId: string): Promise<void> {
    await this.db.tx.query(
      `INSERT INTO company_members (company_id, account_id, role) VALUES ($1, $2, 'member')
       ON CONFLICT (company_id, account_id) DO NOTHING`,
      [companyId, accountId],
    );
  }

  /** Removes a membership that is not the owner's. False when there was none to remove. */
  async removeMember(companyId: string, accountId: string): Promise<boolean> {
    const [, affected] = await this.db.tx.query(
      `DELETE FROM company_members WHERE company_id = $1 AND account_id = $2 AND role = 'member'`,
      [companyId, accountId],
    );
    return affected > 0;
  }

  /** Unlinks the account from its employee card in the company, so the card's permissions stop applying. */
  async unlinkEmployeeCard(companyId: string, accountId: string): Promise<void> {
    await this.db.tx.query(
      `UPDATE employees SET account_id = NULL, linked_at = NULL, updated_at = now()
       WHERE company_id = $1 AND account_id = $2`,
      [companyId, accountId],
    );
  }
}

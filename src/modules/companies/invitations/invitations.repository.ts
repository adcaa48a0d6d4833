import { Injectable } from '@nestjs/common';
import { conflictOnDuplicate } from '../../../core/http/app.exception';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import { Table } from '../../../database/table';
import { ACCOUNT_PROFILES } from '../../account/accounts/accounts.face';
import { COMPANY_PROFILES } from '../companies/companies.face';
import { COMPANY_MEMBERSHIPS } from '../members/members.face';
import type { InvitationAnswerDto, InvitationDto } from './dto/invitation.dto';
import type { AccountInvitationQueryDto } from './dto/account-invitation-query.dto';
import { InvitationEntity } from './invitation.entity';

const invitations = new Table(InvitationEntity);
const ANSWER = invitations.answer('i', ['id', 'email', 'company_id', 'status', 'created_at', 'updated_at']);
const INVITATION = `${ANSWER}, c.name AS company_name`;
/** Companies being deleted are gone for invitees too. */
const LIVE_COMPANY = `JOIN ${COMPANY_PROFILES} c ON c.id = i.company_id AND c.deleting_at IS NULL`;

@Injectable()
export class InvitationsRepository {
  constructor(private readonly db: Db) {}

  /** How many invitations to this e-mail wait for an answer: its account summary's invitations_count. */
  async waitingCount(email: string): Promise<number> {
    const row = await this.db.one<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM invitations i ${raw(LIVE_COMPANY)}
           WHERE i.email = ${email.toLowerCase()} AND i.status = 'waiting'`,
    );
    return row!.count;
  }

  /** The unique partial index decides duplicates, so concurrent invitations cannot both win. */
  async create(companyId: string, email: string, invitedBy: string): Promise<InvitationDto> {
    const invitation = this.db.one<InvitationDto>(
      sql`WITH i AS (${invitations.insert({ company_id: companyId, email, invited_by: invitedBy })} RETURNING *)
          SELECT ${raw(INVITATION)} FROM i JOIN ${raw(COMPANY_PROFILES)} c ON c.id = i.company_id`,
    );
    return (await conflictOnDuplicate(invitation, {
      invitations_waiting_key: 'This e-mail already has a waiting invitation to the company',
    }))!;
  }

  /** The name and e-mail an invitation's mail gives for the account that sent it. */
  async profileOf(accountId: string): Promise<{ name: string; email: string }> {
    const row = await this.db.one<{ name: string; email: string }>(
      sql`SELECT name, email FROM ${raw(ACCOUNT_PROFILES)} WHERE id = ${accountId}`,
    );
    return row!;
  }

  async isMember(companyId: string, email: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 FROM ${raw(COMPANY_MEMBERSHIPS)} m JOIN ${raw(ACCOUNT_PROFILES)} a ON a.id = m.account_id
          WHERE m.company_id = ${companyId} AND a.email = ${email}`,
    );
    return row !== null;
  }

  listForCompany(companyId: string, query: PageQueryDto): Promise<Page<InvitationDto>> {
    return listPage(
      this.db,
      {
        from: 'invitations i',
        where: new Where(sql`i.company_id = ${companyId}`),
        orderBy: 'i.created_at DESC, i.id DESC',
        key: ['i.id'],
        select: INVITATION,
        join: `JOIN ${COMPANY_PROFILES} c ON c.id = i.company_id`,
      },
      query,
    );
  }

  /** Deletes a waiting invitation. False when it is not (or no longer) waiting. */
  async deleteWaiting(companyId: string, id: string): Promise<boolean> {
    const deleted = await this.db.affected(
      sql`DELETE FROM invitations WHERE id = ${id} AND company_id = ${companyId} AND status = 'waiting'`,
    );
    return deleted > 0;
  }

  async statusOf(companyId: string, id: string): Promise<string | null> {
    const row = await this.db.one<{ status: string }>(
      sql`SELECT status FROM invitations WHERE id = ${id} AND company_id = ${companyId}`,
    );
    return row?.status ?? null;
  }

  /** Invitations sent to the address, every status, of companies that are not being deleted. */
  listForEmail(email: string, query: AccountInvitationQueryDto): Promise<Page<InvitationDto>> {
    return listPage(
      this.db,
      {
        from: `invitations i ${LIVE_COMPANY}`,
        where: new Where(sql`i.email = ${email}`).equals('i.status', query.status).contains('c.name', query.search),
        orderBy: 'i.created_at DESC, i.id DESC',
        key: ['i.id'],
        select: INVITATION,
      },
      query,
    );
  }

  /** The invitation sent to the address, when its company is not being deleted. */
  findForEmail(email: string, id: string) {
    return this.db.one<InvitationAnswerDto>(
      sql`SELECT ${raw(ANSWER)} FROM invitations i ${raw(LIVE_COMPANY)} WHERE i.id = ${id} AND i.email = ${email}`,
    );
  }

  /**
   * Moves a waiting invitation sent to the address to `status`. The row lock makes concurrent
   * answers queue: the first wins, the others find it no longer waiting. Null when nothing moved.
   */
  answer(email: string, id: string, status: 'accepted' | 'rejected') {
    return this.db.one<InvitationAnswerDto>(
      sql`UPDATE invitations i SET status = ${status}, updated_at = now()
          FROM ${raw(COMPANY_PROFILES)} c
          WHERE i.id = ${id} AND i.email = ${email} AND i.status = 'waiting'
            AND c.id = i.company_id AND c.deleting_at IS NULL
          RETURNING ${raw(ANSWER)}`,
    );
  }
}

import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { selectPage } from '../../database/select-page';
import { Db, InjectDb } from '../../database/transaction-host';
import type { InvitationAnswerDto, InvitationDto } from './dto/invitation.dto';

const ANSWER_COLUMNS = 'i.id, i.email, i.company_id, i.status, i.created_at, i.updated_at';
const COLUMNS = 'i.id, i.email, i.company_id, c.name AS company_name, i.status, i.created_at, i.updated_at';

/** Thrown when the company already has a waiting invitation for the address; the service decides what that means. */
export class InvitationPendingError extends Error {}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

@Injectable()
export class InvitationsRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /** The unique partial index decides duplicates, so concurrent invitations cannot both win. */
  async create(companyId: string, email: string, invitedBy: string): Promise<InvitationDto> {
    try {
      const [row] = await this.db.tx.query(
        `WITH i AS (
           INSERT INTO invitations (company_id, email, invited_by) VALUES ($1, $2, $3)
           RETURNING id, email, company_id, status, created_at, updated_at
         )
         SELECT ${COLUMNS} FROM i JOIN companies c ON c.id = i.company_id`,
        [companyId, email, invitedBy],
      );
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'invitations_waiting_key')) throw new InvitationPendingError();
      throw error;
    }
  }

  async isMember(companyId: string, email: string): Promise<boolean> {
    const [row] = await this.db.tx.query(
      `SELECT 1 FROM company_members m JOIN accounts a ON a.id = m.account_id
       WHERE m.company_id = $1 AND a.email = $2`,
      [companyId, email],
    );
    return row !== undefined;
  }

  async listForCompany(companyId: string, query: PageQueryDto): Promise<{ items: InvitationDto[]; total: number }> {
    return selectPage(
      this.db,
      {
        select: COLUMNS,
        from: 'invitations i JOIN companies c ON c.id = i.company_id',
        countFrom: 'invitations i',
        where: 'i.company_id = $1',
        orderBy: 'i.created_at DESC, i.id DESC',
      },
      [companyId],
      query,
    );
  }

  /** Deletes a waiting invitation. False when it is not (or no longer) waiting. */
  async deleteWaiting(companyId: string, id: string): Promise<boolean> {
    const [, affected] = await this.db.tx.query(
      `DELETE FROM invitations WHERE id = $1 AND company_id = $2 AND status = 'waiting'`,
      [id, companyId],
    );
    return affected > 0;
  }

  async statusOf(companyId: string, id: string): Promise<string | null> {
    const [row] = await this.db.tx.query(`SELECT status FROM invitations WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ]);
    return row?.status ?? null;
  }

  /** Invitations sent to the address, every status, of companies that are not being deleted. */
  async listForEmail(email: string, query: PageQueryDto): Promise<{ items: InvitationDto[]; total: number }> {
    return selectPage(
      this.db,
      {
        select: COLUMNS,
        from: 'invitations i JOIN companies c ON c.id = i.company_id AND c.deleting_at IS NULL',
        where: 'i.email = $1',
        orderBy: 'i.created_at DESC, i.id DESC',
      },
      [email],
      query,
    );
  }

  /** The invitation sent to the address, when its company is not being deleted. */
  async findForEmail(email: string, id: string): Promise<InvitationAnswerDto | null> {
    const [row] = await this.db.tx.query(
      `SELECT ${ANSWER_COLUMNS} FROM invitations i JOIN companies c ON c.id = i.company_id AND c.deleting_at IS NULL
       WHERE i.id = $1 AND i.email = $2`,
      [id, email],
    );
    return row ?? null;
  }

  /**
   * Moves a waiting invitation sent to the address to `status`. The row lock makes concurrent
   * answers queue: the first wins, the others find it no longer waiting. Null when nothing moved.
   */
  async answer(email: string, id: string, status: 'accepted' | 'rejected'): Promise<InvitationAnswerDto | null> {
    const [rows] = await this.db.tx.query(
      `UPDATE invitations i SET status = $3, updated_at = now()
       FROM companies c
       WHERE i.id = $1 AND i.email = $2 AND i.status = 'waiting' AND c.id = i.company_id AND c.deleting_at IS NULL
       RETURNING ${ANSWER_COLUMNS}`,
      [id, email, status],
    );
    return rows[0] ?? null;
  }
}

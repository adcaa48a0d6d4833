import { Injectable } from '@nestjs/common';
import { containing, ListSpec, listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../../database/sql';
import { Row, Table } from '../../../../../database/table';
import { COUNTERPARTY_JSON, COUNTERPARTY_PROFILES } from '../../cpm/counterparties.face';
import { CreditEntity } from './credit.entity';
import type { CreateCreditDto, CreditDto, ListCreditsQueryDto, UpdateCreditDto } from './dto/credit.dto';

const credits = new Table(CreditEntity);

/**
 * What has been paid on credit `cr`: its completed payments less their reversals. A payment of a
 * debt is an expense, of a credit an income; a reversal goes the other way, so it subtracts.
 */
export const PAID = `(SELECT coalesce(sum(CASE WHEN t.direction = CASE cr.type WHEN 'debt' THEN 'expense' ELSE 'income' END
    THEN t.base_amount ELSE -t.base_amount END), 0)
  FROM transactions t WHERE t.company_id = cr.company_id AND t.credit_id = cr.id AND t.status = 'completed')`;

/** A CreditDto from rows aliased `cr` joined to their counterparty `cp` and paid amount `p`. */
const CREDIT = `cr.id, cr.name, cr.comment, cr.type, cr.status, cr.total_amount, cr.currency, cr.interest_rate,
  to_char(cr.start_date, 'YYYY-MM-DD') AS start_date, to_char(cr.end_date, 'YYYY-MM-DD') AS end_date,
  cr.metadata, ${rfc3339('cr.created_at')} AS created_at, ${rfc3339('cr.updated_at')} AS updated_at,
  ${COUNTERPARTY_JSON} AS counterparty,
  p.paid AS paid_amount, cr.total_amount - p.paid AS remaining_amount`;
const WITH_COUNTERPARTY = `JOIN ${COUNTERPARTY_PROFILES} cp ON cp.company_id = cr.company_id AND cp.id = cr.counterparty_id
  CROSS JOIN LATERAL (SELECT ${PAID} AS paid) p`;

const detailsOf = (from: Sql) => sql`SELECT ${raw(CREDIT)} FROM ${from} ${raw(WITH_COUNTERPARTY)}`;

export function creditList(companyId: string, query: ListCreditsQueryDto): ListSpec {
  const where = new Where(sql`cr.company_id = ${companyId}`)
    .equals('cr.type', query.type)
    .equals('cr.status', query.status);
  if (query.search !== undefined) {
    const pattern = containing(query.search);
    where.search(sql`(cr.name ILIKE ${pattern} OR cr.comment ILIKE ${pattern}
      OR cr.counterparty_id IN (SELECT id FROM ${raw(COUNTERPARTY_PROFILES)} WHERE company_id = ${companyId} AND name ILIKE ${pattern}))`);
  }
  return {
    from: 'credits cr',
    where,
    orderBy: 'cr.created_at DESC, cr.id DESC',
    key: ['cr.id'],
    select: CREDIT,
    join: WITH_COUNTERPARTY,
  };
}

@Injectable()
export class CreditsRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, credit: CreateCreditDto): Promise<CreditDto> {
    const created = sql`${credits.insert({ ...credit, company_id: companyId } as Partial<Row<CreditEntity>>)} RETURNING *`;
    return (await this.db.one<CreditDto>(sql`WITH cr AS (${created}) ${detailsOf(raw('cr'))}`))!;
  }

  list(companyId: string, query: ListCreditsQueryDto): Promise<Page<CreditDto>> {
    return listPage(this.db, creditList(companyId, query), query);
  }

  findOne(companyId: string, id: string): Promise<CreditDto | null> {
    return this.db.one(sql`${detailsOf(raw('credits cr'))} WHERE cr.id = ${id} AND cr.company_id = ${companyId}`);
  }

  /**
   * The credit, its row locked until the transaction ends: payments and changes of one credit
   * run one at a time, and each reads what the previous one committed (a fresh statement after
   * the lock). `amount` exceeds the remaining amount, compared in SQL (exact decimals).
   */
  async lock(companyId: string, id: string, amount = 0): Promise<(CreditDto & { exceeds: boolean }) | null> {
    const locked = await this.db.one(
      sql`SELECT 1 FROM credits WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
    );
    if (!locked) return null;
    return this.db.one(
      sql`SELECT ${raw(CREDIT)}, ${amount}::numeric > cr.total_amount - p.paid AS exceeds
          FROM credits cr ${raw(WITH_COUNTERPARTY)} WHERE cr.id = ${id} AND cr.company_id = ${companyId}`,
    );
  }

  /** Whether `total` is below what has been paid on the credit. */
  async belowPaid(companyId: string, id: string, total: number): Promise<boolean> {
    const row = await this.db.one<{ below: boolean }>(
      sql`SELECT ${total}::numeric < ${raw(PAID)} AS below FROM credits cr WHERE cr.id = ${id} AND cr.company_id = ${companyId}`,
    );
    return row!.below;
  }

  /** Changes the fields sent (updated_at with them). */
  async update(companyId: string, id: string, changes: UpdateCreditDto): Promise<CreditDto | null> {
    const set = credits.assignments(changes as Partial<Row<CreditEntity>>);
    if (!set) return this.findOne(companyId, id);
    const updated = sql`UPDATE credits cr SET ${set}, updated_at = now()
      WHERE cr.id = ${id} AND cr.company_id = ${companyId} RETURNING *`;
    return this.db.one(sql`WITH cr AS (${updated}) ${detailsOf(raw('cr'))}`);
  }

  /** Sets the status; updated_at moves only when it changes. */
  setStatus(companyId: string, id: string, status: string): Promise<CreditDto | null> {
    const updated = sql`${credits.setStatus(companyId, id, status)} RETURNING *`;
    return this.db.one(sql`WITH cr AS (${updated}) ${detailsOf(raw('cr'))}`);
  }
}

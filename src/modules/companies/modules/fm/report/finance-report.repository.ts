import { Injectable } from '@nestjs/common';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { Where } from '../../../../../core/pagination/list';
import { Db } from '../../../../../database/db';
import { raw, Sql, sql } from '../../../../../database/sql';
import { COUNTERPARTY_PROFILES } from '../../cpm/counterparties.face';
import { EMPLOYEE_PROFILES } from '../../hrm/hrm.face';
import { PAID } from '../credits/credits.repository';

/** Rows read per statement while a sheet is drawn: the file streams, the rows never pile up. */
const BATCH = 500;

export interface ReportTransaction {
  created_at: Date;
  direction: string;
  base_amount: number;
  currency: string;
  status: string;
  category_name: string | null;
  employee_name: string | null;
  comment: string | null;
  reverse_to: string | null;
}

export interface ReportCategory {
  name: string;
  direction: string;
  system: boolean;
  slug: string;
  description: string | null;
}

export interface ReportCredit {
  name: string;
  type: string;
  status: string;
  counterparty_name: string;
  total_amount: number;
  paid_amount: number;
  remaining_amount: number;
  currency: string;
  interest_rate: number | null;
  start_date: string;
  end_date: string;
}

/** The keyset of a batch: the last row's exact created_at (as text: microseconds kept) and id. */
interface Keyed {
  cursor_at: string;
  cursor_id: string;
}

@Injectable()
export class FinanceReportRepository {
  constructor(private readonly db: Db) {}

  /** The company's transactions within the window, oldest first. */
  transactions(companyId: string, window: TimeWindowQueryDto): AsyncIterable<ReportTransaction> {
    const where = new Where(sql`t.company_id = ${companyId}`).between(
      't.created_at',
      window.start_date,
      window.end_date,
    );
    return this.batches<ReportTransaction>(
      (after) => sql`SELECT t.created_at, t.direction, t.base_amount, t.currency, t.status, c.name AS category_name,
          trim(e.first_name || ' ' || coalesce(e.last_name, '')) AS employee_name, t.comment, t.reverse_to,
          t.created_at::text AS cursor_at, t.id AS cursor_id
        FROM transactions t
        LEFT JOIN transaction_categories c ON c.id = t.category_id AND c.company_id = t.company_id
        LEFT JOIN ${raw(EMPLOYEE_PROFILES)} e ON e.id = t.employee_id
        WHERE ${where.toSql()} ${after}
        ORDER BY t.created_at, t.id LIMIT ${BATCH}`,
      't',
    );
  }

  /** The company's categories: system first, then by name. */
  categories(companyId: string): Promise<ReportCategory[]> {
    return this.db.rows(
      sql`SELECT name, direction, system, slug, description FROM transaction_categories
          WHERE company_id = ${companyId} ORDER BY system DESC, name, id`,
    );
  }

  /** The company's credits, oldest first, with what is paid (payments less their reversals). */
  credits(companyId: string): AsyncIterable<ReportCredit> {
    return this.batches<ReportCredit>(
      (after) => sql`SELECT cr.name, cr.type, cr.status, cp.name AS counterparty_name, cr.total_amount,
          p.paid AS paid_amount, cr.total_amount - p.paid AS remaining_amount, cr.currency, cr.interest_rate,
          to_char(cr.start_date, 'YYYY-MM-DD') AS start_date, to_char(cr.end_date, 'YYYY-MM-DD') AS end_date,
          cr.created_at::text AS cursor_at, cr.id AS cursor_id
        FROM credits cr
        JOIN ${raw(COUNTERPARTY_PROFILES)} cp ON cp.company_id = cr.company_id AND cp.id = cr.counterparty_id
        CROSS JOIN LATERAL (SELECT ${raw(PAID)} AS paid) p
        WHERE cr.company_id = ${companyId} ${after}
        ORDER BY cr.created_at, cr.id LIMIT ${BATCH}`,
      'cr',
    );
  }

  /** Reads a statement batch by batch after the last (created_at, id) seen. */
  private async *batches<T>(statement: (after: Sql) => Sql, alias: string): AsyncIterable<T> {
    let last: Keyed | undefined;
    for (;;) {
      const after = last
        ? sql`AND (${raw(`${alias}.created_at`)}, ${raw(`${alias}.id`)}) > (${last.cursor_at}::timestamptz, ${last.cursor_id}::uuid)`
        : sql``;
      const rows = await this.db.rows<T & Keyed>(statement(after));
      for (const row of rows) yield row as Awaited<T>;
      if (rows.length < BATCH) return;
      last = rows[rows.length - 1];
    }
  }
}

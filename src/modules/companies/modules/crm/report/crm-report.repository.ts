import { Injectable } from '@nestjs/common';
import { TimeWindowQueryDto } from '../../../../../core/analysis/periods';
import { Where } from '../../../../../core/pagination/list';
import { Db } from '../../../../../database/db';
import { Sql, sql } from '../../../../../database/sql';

/** Rows read per statement while a sheet is drawn: the file streams, the rows never pile up. */
const BATCH = 500;

export interface ReportClient {
  created_at: Date;
  name: string;
  type: string;
  status: string;
  phone: string | null;
  email: string | null;
  source_name: string;
  comment: string | null;
}

export interface ReportSource {
  name: string;
  type: string;
  status: string;
  system: boolean;
  url: string | null;
  clients: number;
  comment: string | null;
}

@Injectable()
export class CrmReportRepository {
  constructor(private readonly db: Db) {}

  /** The company's clients created within the window, oldest first, read in keyset batches. */
  async *clients(companyId: string, window: TimeWindowQueryDto): AsyncIterable<ReportClient> {
    const where = new Where(sql`c.company_id = ${companyId}`).between(
      'c.created_at',
      window.start_date,
      window.end_date,
    );
    let after: Sql = sql``;
    for (;;) {
      const rows = await this.db.rows<ReportClient & { cursor_at: string; cursor_id: string }>(
        sql`SELECT c.created_at, trim(concat_ws(' ', c.last_name, c.first_name, c.patronymic)) AS name, c.type,
              c.status, c.phone, c.email, s.name AS source_name, c.comment,
              c.created_at::text AS cursor_at, c.id AS cursor_id
            FROM crm_clients c JOIN crm_sources s ON s.company_id = c.company_id AND s.id = c.source_id
            WHERE ${where.toSql()} ${after}
            ORDER BY c.created_at, c.id LIMIT ${BATCH}`,
      );
      yield* rows;
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1];
      after = sql`AND (c.created_at, c.id) > (${last.cursor_at}::timestamptz, ${last.cursor_id}::uuid)`;
    }
  }

  /** The company's sources, the system one first, with their clients from the kept counts. */
  sources(companyId: string): Promise<ReportSource[]> {
    return this.db.rows<ReportSource>(
      sql`SELECT s.name, s.type, s.status, s.system, s.url, s.comment,
            (SELECT coalesce(sum(t.total), 0)::int FROM crm_client_totals t
              WHERE t.company_id = s.company_id AND t.filter = 'source_id=' || s.id::text) AS clients
          FROM crm_sources s WHERE s.company_id = ${companyId} ORDER BY s.system DESC, s.name, s.id`,
    );
  }
}

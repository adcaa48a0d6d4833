import { Injectable } from '@nestjs/common';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';

/** Which companies act, from the per-day counts of their audit trails (not the records). */
@Injectable()
export class AuditActivity {
  constructor(private readonly db: Db) {}

  /**
   * Companies that wrote to their audit trail in the last 7 and 30 UTC days, today included:
   * a range of the days' index (audit_log_counts_day_idx), at most a row per company, day and slot.
   */
  async activeCompanies(): Promise<{ active_companies_7d: number; active_companies_30d: number }> {
    const today = sql`(now() AT TIME ZONE 'UTC')::date`;
    return (await this.db.one(
      sql`SELECT count(DISTINCT company_id) FILTER (WHERE day > ${today} - 7)::int AS active_companies_7d,
                 count(DISTINCT company_id)::int AS active_companies_30d
          FROM audit_log_counts WHERE filter = '' AND day > ${today} - 30`,
    ))!;
  }
}

import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** A company's deletion: marked (hidden at once), then purged with every row it owns (CompanyPurger). */
@Injectable()
export class CompanyDeletionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Hides the company from every caller; the purge then removes it. False when another caller
   * marked it first: of concurrent deletions, exactly one marks (the others wait on the row and
   * then find it marked).
   */
  async markForDeletion(companyId: string): Promise<boolean> {
    const marked = await this.db.affected(
      sql`UPDATE companies SET deleting_at = now() WHERE id = ${companyId} AND deleting_at IS NULL`,
    );
    return marked === 1;
  }

  /**
   * Locks a company marked for deletion, waiting for the transaction that marked it to end.
   * False when it is not (or no longer) marked. The mark is checked on the locked row, not in
   * the WHERE: under READ COMMITTED a row filtered out on the old snapshot is never waited for.
   */
  async lockMarked(companyId: string): Promise<boolean> {
    const row = await this.db.one<{ deleting_at: Date | null }>(
      sql`SELECT deleting_at FROM companies WHERE id = ${companyId} FOR UPDATE`,
    );
    return row?.deleting_at != null;
  }

  /** Every row of the company goes with it: each company table references it ON DELETE CASCADE. */
  async deleteMarked(companyId: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM companies WHERE id = ${companyId} AND deleting_at IS NOT NULL`);
  }

  async markedForDeletion(olderThanSeconds: number): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(
      sql`SELECT id FROM companies WHERE deleting_at < now() - make_interval(secs => ${olderThanSeconds})
          ORDER BY deleting_at LIMIT 100`,
    );
    return rows.map((row) => row.id);
  }
}

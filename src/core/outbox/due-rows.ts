import type { Db } from '../../database/db';
import { raw, Sql, sql } from '../../database/sql';

/**
 * Claims up to `limit` due rows of a work table, one whose rows carry `id`, `attempts` and
 * `next_attempt_at` (the webhook outbox's shape): rows locked with SKIP LOCKED, so every
 * instance drains the same table and none takes a row another holds; each claimed row counts
 * its attempt and is pushed `leaseSeconds` ahead, so a worker that dies mid-way leaves it due
 * again once the lease is over. The claim commits at once: no transaction stays open while the
 * work is done. `eligible` narrows the due rows (a condition on the table's own columns).
 */
export function claimDueRows<T extends { id: string; attempts: number }>(
  db: Db,
  table: string,
  limit: number,
  leaseSeconds: number,
  eligible: Sql = sql`TRUE`,
): Promise<T[]> {
  const name = raw(table);
  return db.rows<T>(sql`
    WITH due AS (
      SELECT id FROM ${name} WHERE next_attempt_at <= now() AND (${eligible})
      ORDER BY next_attempt_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${name} w SET attempts = w.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    FROM due WHERE w.id = due.id
    RETURNING w.*`);
}

/** Seconds before the retry that follows attempt `attempts` (1-based): the schedule's last step repeats. */
export function retryDelaySeconds(attempts: number, schedule: readonly number[]): number {
  return schedule[Math.min(attempts, schedule.length) - 1];
}

/** Seconds until the attempt after the `attempts`-th failed one, or null when the schedule has none left. */
export function retryIn(attempts: number, schedule: readonly number[]): number | null {
  return attempts >= 1 && attempts <= schedule.length ? schedule[attempts - 1] : null;
}

import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';

/** Sign-in attempts allowed per e-mail in one window; the next one is refused with 429. */
export const MAX_SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

@Injectable()
export class LoginThrottleRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /**
   * Counts an attempt before the password is checked, atomically, so parallel guesses cannot
   * slip past the limit. Returns the seconds to wait, or 0 when the attempt may proceed.
   */
  async registerAttempt(email: string): Promise<number> {
    const [row] = await this.db.tx.query(
      `INSERT INTO login_throttles (email, attempts, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (email) DO UPDATE SET
         attempts = CASE WHEN login_throttles.window_started_at < now() - make_interval(secs => $2)
                         THEN 1 ELSE login_throttles.attempts + 1 END,
         window_started_at = CASE WHEN login_throttles.window_started_at < now() - make_interval(secs => $2)
                                  THEN now() ELSE login_throttles.window_started_at END
       RETURNING attempts,
         ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now()))::int AS retry_after`,
      [email, SIGN_IN_WINDOW_SECONDS],
    );
    return row.attempts > MAX_SIGN_IN_ATTEMPTS ? Math.max(1, row.retry_after) : 0;
  }

  async clear(email: string): Promise<void> {
    await this.db.tx.query(`DELETE FROM login_throttles WHERE email = $1`, [email]);
  }
}

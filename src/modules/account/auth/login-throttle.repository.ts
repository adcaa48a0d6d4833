import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** Sign-in attempts allowed per e-mail in one window; the next one is refused with 429. */
export const MAX_SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

@Injectable()
export class LoginThrottleRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts an attempt before the password is checked, atomically, so parallel guesses cannot
   * slip past the limit. Returns the seconds to wait, or 0 when the attempt may proceed.
   */
  async registerAttempt(email: string): Promise<number> {
    const window = sql`make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})`;
    const row = await this.db.one<{ attempts: number; retry_after: number }>(
      sql`INSERT INTO login_throttles (email, attempts, window_started_at) VALUES (${email}, 1, now())
          ON CONFLICT (email) DO UPDATE SET
            attempts = CASE WHEN login_throttles.window_started_at < now() - ${window}
                            THEN 1 ELSE login_throttles.attempts + 1 END,
            window_started_at = CASE WHEN login_throttles.window_started_at < now() - ${window}
                                     THEN now() ELSE login_throttles.window_started_at END
          RETURNING attempts, ceil(extract(epoch FROM window_started_at + ${window} - now()))::int AS retry_after`,
    );
    return row!.attempts > MAX_SIGN_IN_ATTEMPTS ? Math.max(1, row!.retry_after) : 0;
  }

  async clear(email: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM login_throttles WHERE email = ${email}`);
  }
}

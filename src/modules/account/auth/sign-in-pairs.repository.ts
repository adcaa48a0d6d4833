import { Injectable } from '@nestjs/common';
import { hashToken } from '../../../core/auth/secret-token';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** A pair unused this long is new again: its next sign-in mails an alert (CONTRACT 23). */
const PAIR_REMEMBERED_DAYS = 90;

/** Where a sign-in came from; the user agent is kept only inside the pair's hash. */
export interface SignInOrigin {
  ip: string;
  userAgent: string;
}

/** The (address, user agent) pairs each account signed up or signed in from. */
@Injectable()
export class SignInPairsRepository {
  constructor(private readonly db: Db) {}

  /** Remembers the pair as used now; true when the account had not used it in 90 days. */
  async remember(accountId: string, origin: SignInOrigin): Promise<boolean> {
    const pairHash = hashToken(`${origin.ip}\n${origin.userAgent}`);
    const row = await this.db.one<{ known: boolean }>(sql`
      WITH previous AS (
        SELECT last_used_at > now() - make_interval(days => ${PAIR_REMEMBERED_DAYS}) AS recent
        FROM sign_in_pairs WHERE account_id = ${accountId} AND pair_hash = ${pairHash}
      ), used AS (
        INSERT INTO sign_in_pairs (account_id, pair_hash) VALUES (${accountId}, ${pairHash})
        ON CONFLICT (account_id, pair_hash) DO UPDATE SET last_used_at = now()
      )
      SELECT coalesce((SELECT recent FROM previous), false) AS known`);
    return !row?.known;
  }
}

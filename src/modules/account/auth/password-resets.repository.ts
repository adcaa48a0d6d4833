import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../config/secret-box';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import { ACCOUNT_PROFILES } from '../accounts/accounts.face';

/** A reset token works for this long after it is mailed. */
export const RESET_TOKEN_TTL_SECONDS = 3600;

/** Password-reset tokens, single use, stored as their keyed digest (SecretBox). */
@Injectable()
export class PasswordResetsRepository {
  constructor(
    private readonly db: Db,
    private readonly secretBox: SecretBox,
  ) {}

  /**
   * Stores the token for the account with this e-mail, if there is one, in one statement that
   * does the same lookup and write either way (the answer must not tell whether it exists).
   */
  issueFor(email: string, token: string) {
    return this.db.one<{ account_id: string }>(
      sql`INSERT INTO password_resets (account_id, token_hash, expires_at)
          SELECT id, ${this.secretBox.digest(token)}, now() + make_interval(secs => ${RESET_TOKEN_TTL_SECONDS})
          FROM ${raw(ACCOUNT_PROFILES)} WHERE email = ${email}
          RETURNING account_id`,
    );
  }

  /** The account a usable token resets, or null. */
  async accountOf(token: string): Promise<string | null> {
    const row = await this.db.one<{ account_id: string }>(
      sql`SELECT account_id FROM password_resets
          WHERE token_hash = ANY(${this.secretBox.digests(token)}::text[]) AND used_at IS NULL AND expires_at > now()`,
    );
    return row?.account_id ?? null;
  }

  /** Spends a usable token, and voids the account's other outstanding ones; null when not usable. */
  async spend(token: string): Promise<string | null> {
    const row = await this.db.one<{ account_id: string }>(
      sql`UPDATE password_resets SET used_at = now()
          WHERE token_hash = ANY(${this.secretBox.digests(token)}::text[]) AND used_at IS NULL AND expires_at > now() RETURNING account_id`,
    );
    if (!row) return null;
    await this.db.affected(
      sql`UPDATE password_resets SET used_at = now() WHERE account_id = ${row.account_id} AND used_at IS NULL`,
    );
    return row.account_id;
  }
}

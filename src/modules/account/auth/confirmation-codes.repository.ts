import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** A code lives this long after it is mailed. */
export const CODE_TTL_SECONDS = 15 * 60;
/** Wrong tries that void a code. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck = 'confirmed' | 'wrong' | 'void';

/** E-mail confirmation codes, one live code per account, stored as SHA-256 of account and code. */
@Injectable()
export class ConfirmationCodesRepository {
  constructor(private readonly db: Db) {}

  /** The account's first code (at sign-up). */
  async issue(accountId: string, codeHash: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO confirmation_codes (account_id, code_hash, expires_at, attempts, sent_at)
          VALUES (${accountId}, ${codeHash}, now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now())`,
    );
  }

  /** Replaces the account's code with a new one (the caller has counted it against its limit). */
  async reissue(accountId: string, codeHash: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO confirmation_codes (account_id, code_hash, expires_at, attempts, sent_at)
          VALUES (${accountId}, ${codeHash}, now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now())
          ON CONFLICT (account_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at,
            attempts = 0, sent_at = EXCLUDED.sent_at`,
    );
  }

  /**
   * Counts a try and tells its outcome, atomically (parallel guesses cannot pass the limit):
   * 'confirmed' deletes the code; 'wrong' leaves tries; 'void' when there is no live code, it
   * expired, or this was the last wrong try.
   */
  async check(accountId: string, codeHash: string): Promise<CodeCheck> {
    const tried = await this.db.one<{ matches: boolean; attempts: number }>(
      sql`UPDATE confirmation_codes SET attempts = attempts + 1
          WHERE account_id = ${accountId} AND attempts < ${MAX_CODE_ATTEMPTS} AND expires_at > now()
          RETURNING code_hash = ${codeHash} AS matches, attempts`,
    );
    if (!tried) return 'void';
    if (tried.matches) {
      await this.db.affected(sql`DELETE FROM confirmation_codes WHERE account_id = ${accountId}`);
      return 'confirmed';
    }
    return tried.attempts >= MAX_CODE_ATTEMPTS ? 'void' : 'wrong';
  }
}

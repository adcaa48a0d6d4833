import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../../config/secret-box';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/** A code lives this long after it is mailed. */
export const CODE_TTL_SECONDS = 15 * 60;
/** Wrong tries that void a code. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck = 'confirmed' | 'wrong' | 'void';

/**
 * E-mail confirmation codes, one live code per account, stored as the keyed digest (SecretBox)
 * of account and code: salted by the account, and a stolen table alone reads no code.
 */
@Injectable()
export class ConfirmationCodesRepository {
  constructor(
    private readonly db: Db,
    private readonly secretBox: SecretBox,
  ) {}

  /** The account's first code (at sign-up). */
  async issue(accountId: string, code: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO confirmation_codes (account_id, code_hash, expires_at, attempts, sent_at)
          VALUES (${accountId}, ${this.digest(accountId, code)}, now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now())`,
    );
  }

  /** Replaces the account's code with a new one (the caller has counted it against its limit). */
  async reissue(accountId: string, code: string): Promise<void> {
    await this.db.affected(
      sql`INSERT INTO confirmation_codes (account_id, code_hash, expires_at, attempts, sent_at)
          VALUES (${accountId}, ${this.digest(accountId, code)}, now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now())
          ON CONFLICT (account_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at,
            attempts = 0, sent_at = EXCLUDED.sent_at`,
    );
  }

  /**
   * Counts a try and tells its outcome, atomically (parallel guesses cannot pass the limit):
   * 'confirmed' deletes the code; 'wrong' leaves tries; 'void' when there is no live code, it
   * expired, or this was the last wrong try.
   */
  async check(accountId: string, code: string): Promise<CodeCheck> {
    const tried = await this.db.one<{ matches: boolean; attempts: number }>(
      sql`UPDATE confirmation_codes SET attempts = attempts + 1
          WHERE account_id = ${accountId} AND attempts < ${MAX_CODE_ATTEMPTS} AND expires_at > now()
          RETURNING code_hash = ANY(${this.secretBox.digests(`${accountId}:${code}`)}::text[]) AS matches, attempts`,
    );
    if (!tried) return 'void';
    if (tried.matches) {
      await this.db.affected(sql`DELETE FROM confirmation_codes WHERE account_id = ${accountId}`);
      return 'confirmed';
    }
    return tried.attempts >= MAX_CODE_ATTEMPTS ? 'void' : 'wrong';
  }

  private digest(accountId: string, code: string): string {
    return this.secretBox.digest(`${accountId}:${code}`);
  }
}

import { Injectable } from '@nestjs/common';
import type { SessionKind } from '../../../core/auth/auth-context';
import type { SessionCaller, SessionLookup } from '../../../core/auth/credential-lookups';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import { accounts } from './accounts.repository';
import { SessionFingerprints } from './session-fingerprints';
import type { AccountDto } from './dto/account.dto';

/** A fingerprint's session lives only while the fingerprint does (`f`, its lifetime, joined by s.fingerprint_id). */
const FINGERPRINT_USABLE = `(s.fingerprint_id IS NULL
  OR (f.deactivated_at IS NULL AND (f.expires_at IS NULL OR f.expires_at > now())))`;

export interface OpenedSession {
  account_id: string;
  fingerprint_id: string | null;
  access_hash: string;
  refresh_hash: string;
  /** Access tokens live this long, and never past the chain. */
  access_ttl_ms: number;
  refresh_expires_at: Date;
}

export interface SessionExpiry {
  expires_at: Date;
  refresh_expires_at: Date;
}

export type Rotation =
  ({ outcome: 'rotated' } & SessionExpiry) | { outcome: 'reused'; account_id: string } | { outcome: 'unknown' };

/**
 * Sign-in sessions and their refresh chains: issued by the auth module, looked up by the auth
 * guard (SessionLookup). A session row holds its current access token; every refresh rotates
 * it and adds the chain's next link, each link usable once.
 */
@Injectable()
export class SessionsRepository implements SessionLookup {
  constructor(
    private readonly db: Db,
    private readonly fingerprints: SessionFingerprints,
  ) {}

  /** The session and the first link of its chain, in one statement. */
  async open(session: OpenedSession): Promise<SessionExpiry> {
    return (await this.db.one<SessionExpiry>(
      sql`WITH s AS (
            INSERT INTO sessions (account_id, kind, fingerprint_id, token_hash, expires_at, refresh_expires_at)
            VALUES (${session.account_id}, ${session.fingerprint_id === null ? 'password' : 'fingerprint'},
                    ${session.fingerprint_id}, ${session.access_hash},
                    least(now() + make_interval(secs => ${session.access_ttl_ms / 1000}), ${session.refresh_expires_at}),
                    ${session.refresh_expires_at})
            RETURNING id, expires_at, refresh_expires_at
          ), link AS (
            INSERT INTO refresh_tokens (session_id, token_hash) SELECT id, ${session.refresh_hash} FROM s
          )
          SELECT expires_at, refresh_expires_at FROM s`,
    ))!;
  }

  /**
   * Spends a refresh token: when it is unused and its session alive, the session gets the new
   * access token and the chain the new link. A token that was already used ends its session
   * (reuse detection: one of its two holders is not the owner). Concurrent presentations of
   * one token serialise on its row, so only the first can rotate.
   */
  async rotate(
    refreshHash: string,
    next: { access_hash: string; refresh_hash: string; access_ttl_ms: number },
  ): Promise<Rotation> {
    const rotated = await this.db.one<SessionExpiry>(
      sql`WITH used AS (
            UPDATE refresh_tokens SET used_at = now()
            WHERE token_hash = ${refreshHash} AND used_at IS NULL RETURNING session_id
          ), live AS (
            SELECT s.id FROM sessions s JOIN used ON used.session_id = s.id
            LEFT JOIN ${raw(this.fingerprints.relation)} f ON f.id = s.fingerprint_id
            WHERE s.revoked_at IS NULL AND s.refresh_expires_at > now() AND ${raw(FINGERPRINT_USABLE)}
          ), renewed AS (
            UPDATE sessions s SET token_hash = ${next.access_hash},
              expires_at = least(now() + make_interval(secs => ${next.access_ttl_ms / 1000}), s.refresh_expires_at)
            FROM live WHERE s.id = live.id RETURNING s.id, s.expires_at, s.refresh_expires_at
          ), link AS (
            INSERT INTO refresh_tokens (session_id, token_hash) SELECT id, ${next.refresh_hash} FROM renewed
          )
          SELECT expires_at, refresh_expires_at FROM renewed`,
    );
    if (rotated) return { outcome: 'rotated', ...rotated };
    const ended = await this.db.one<{ account_id: string }>(
      sql`UPDATE sessions SET revoked_at = now()
          WHERE id = (SELECT session_id FROM refresh_tokens WHERE token_hash = ${refreshHash} AND used_at IS NOT NULL)
            AND revoked_at IS NULL
          RETURNING account_id`,
    );
    return ended ? { outcome: 'reused', account_id: ended.account_id } : { outcome: 'unknown' };
  }

  /** Ends the session: its access token and its whole refresh chain. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.affected(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
  }

  async revokeByFingerprint(fingerprintId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE sessions SET revoked_at = now() WHERE fingerprint_id = ${fingerprintId} AND revoked_at IS NULL`,
    );
  }

  /** Every session of the account (a password reset), or every one but `kept` (a password change). */
  async revokeAllOf(accountId: string, kept: string | null = null): Promise<void> {
    await this.db.affected(
      sql`UPDATE sessions SET revoked_at = now()
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND id IS DISTINCT FROM ${kept}::uuid`,
    );
  }

  async resolve(tokenHash: string): Promise<SessionCaller | null> {
    const row = await this.db.one<AccountDto & { session_id: string; session_kind: SessionKind }>(
      sql`SELECT s.id AS session_id, s.kind AS session_kind, ${raw(accounts.answer('a'))}
          FROM sessions s
          JOIN accounts a ON a.id = s.account_id
          LEFT JOIN ${raw(this.fingerprints.relation)} f ON f.id = s.fingerprint_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
            AND ${raw(FINGERPRINT_USABLE)}`,
      'auth-resolve-session',
    );
    if (!row) return null;
    const { session_id, session_kind, ...account } = row;
    return { sessionId: session_id, kind: session_kind, account };
  }
}

import { Injectable } from '@nestjs/common';
import { PreparedStatements } from '../../database/prepared-statements';
import { ACCOUNT_COLUMNS, AccountView } from './auth-context';

export interface ApiKeyCaller {
  apiKeyId: string;
  dailyRequests: number;
  /** Requests counted today (UTC), this one included. */
  used: number;
  account: AccountView;
}

export interface SessionCaller {
  sessionId: string;
  account: AccountView;
}

/** How often last_used_at is written at most: a busy key must not cause a write per request. */
const LAST_USED_RESOLUTION = '1 minute';

/** The auth guard's lookups: one indexed query per request, on the credential's hash. */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly statements: PreparedStatements) {}

  /**
   * Finds a usable key and counts this request against its quota for the current UTC day,
   * atomically (the UPSERT serialises concurrent requests on the key's usage row), in one
   * round trip. Null when the key is unknown, revoked or expired.
   */
  async resolveApiKey(keyHash: string): Promise<ApiKeyCaller | null> {
    const [row] = await this.statements.rows<
      AccountView & { api_key_id: string; daily_requests: number; used: number }
    >(
      'auth-resolve-api-key',
      `WITH key AS (
         SELECT id, account_id, daily_requests FROM api_keys
         WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
       ), usage AS (
         INSERT INTO api_key_usage (api_key_id, day, count)
         SELECT id, (now() AT TIME ZONE 'UTC')::date, 1 FROM key
         ON CONFLICT (api_key_id, day) DO UPDATE SET count = api_key_usage.count + 1
         RETURNING count
       ), touched AS (
         UPDATE api_keys SET last_used_at = now()
         WHERE id = (SELECT id FROM key)
           AND (last_used_at IS NULL OR last_used_at < now() - interval '${LAST_USED_RESOLUTION}')
       )
       SELECT key.id AS api_key_id, key.daily_requests, usage.count AS used, ${ACCOUNT_COLUMNS('a')}
       FROM key JOIN accounts a ON a.id = key.account_id CROSS JOIN usage`,
      [keyHash],
    );
    if (!row) return null;
    const { api_key_id, daily_requests, used, ...account } = row;
    return { apiKeyId: api_key_id, dailyRequests: daily_requests, used, account };
  }

  /** A session that is neither revoked nor expired, nor opened by a fingerprint that has ended. */
  async resolveSession(tokenHash: string): Promise<SessionCaller | null> {
    const [row] = await this.statements.rows<AccountView & { session_id: string }>(
      'auth-resolve-session',
      `SELECT s.id AS session_id, ${ACCOUNT_COLUMNS('a')}
       FROM sessions s
       JOIN accounts a ON a.id = s.account_id
       LEFT JOIN fingerprints f ON f.id = s.fingerprint_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
         AND (s.fingerprint_id IS NULL OR (f.deactivated_at IS NULL AND f.expires_at > now()))`,
      [tokenHash],
    );
    if (!row) return null;
    const { session_id, ...account } = row;
    return { sessionId: session_id, account };
  }
}

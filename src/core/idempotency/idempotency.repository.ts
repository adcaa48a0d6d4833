import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

/** What a key's row says when a request cannot claim it. */
export interface KeptKey {
  method: string;
  path: string;
  /** Null while the first request's streamed body is still arriving. */
  body_hash: string | null;
  claim: string | null;
  status_code: number | null;
  answer: StoredAnswer | null;
  reveals_secret: boolean;
}

/** An answer as it is replayed: the envelope's fields that do not change per request. */
export interface StoredAnswer {
  message: string;
  data?: unknown;
  error?: { code: string; details?: Array<{ field: string; message: string }> };
}

export interface KeyRequest {
  accountId: string;
  key: string;
  method: string;
  path: string;
  /** Null for a streamed body: its digest is stored with the answer (finish). */
  bodyHash: string | null;
}

/**
 * How long a claim holds without an answer. A request that outlives it can no longer store its
 * answer (its transaction rolls back, see finish); one whose process died frees the key after it.
 */
export const CLAIM_LEASE_SECONDS = 60;

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the key for this request, kept 24 hours (CONTRACT 18): a new key, an expired one, or one whose claim was abandoned
   * (same request, lease over). Committed at once, outside any transaction, so that a concurrent
   * repeat sees the key taken. Null when another request holds or answered it.
   */
  async claim(request: KeyRequest): Promise<{ id: string; claim: string } | null> {
    return this.db.one<{ id: string; claim: string }>(sql`
      INSERT INTO idempotency_keys AS k (account_id, key, method, path, body_hash, claim, claimed_at, expires_at)
      VALUES (${request.accountId}, ${request.key}, ${request.method}, ${request.path}, ${request.bodyHash},
              gen_random_uuid(), now(), now() + interval '24 hours')
      ON CONFLICT (account_id, key) DO UPDATE
        SET method = EXCLUDED.method, path = EXCLUDED.path, body_hash = EXCLUDED.body_hash,
            claim = EXCLUDED.claim, claimed_at = now(), status_code = NULL, answer = NULL,
            reveals_secret = false, expires_at = EXCLUDED.expires_at
        WHERE k.expires_at <= now()
           OR (k.claim IS NOT NULL AND k.claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})
               AND k.method = EXCLUDED.method AND k.path = EXCLUDED.path AND k.body_hash IS NOT DISTINCT FROM EXCLUDED.body_hash)
      RETURNING id, claim`);
  }

  async kept(accountId: string, key: string): Promise<KeptKey | null> {
    return this.db.one<KeptKey>(sql`
      SELECT method, path, body_hash, claim, status_code, answer, reveals_secret
      FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`);
  }

  /**
   * Stores the answer, in the caller's transaction when there is one (the change's), with the
   * digest of a streamed body (null keeps the hash claimed with). False when the claim is no
   * longer this request's (its lease ran out and a repeat took the key).
   */
  async finish(
    id: string,
    claim: string,
    statusCode: number,
    answer: StoredAnswer,
    revealsSecret: boolean,
    bodyHash: string | null,
  ): Promise<boolean> {
    const stored = await this.db.affected(sql`
      UPDATE idempotency_keys
      SET claim = NULL, status_code = ${statusCode}, answer = ${JSON.stringify(answer)}::jsonb,
          reveals_secret = ${revealsSecret}, body_hash = coalesce(${bodyHash}::char(64), body_hash)
      WHERE id = ${id} AND claim = ${claim}`);
    return stored === 1;
  }

  /** Frees the key for a retry (the answer was 5xx or 429, or not storable). */
  async release(id: string, claim: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM idempotency_keys WHERE id = ${id} AND claim = ${claim}`);
  }

  /** Deletes up to `limit` expired keys; the number deleted. */
  async forgetExpired(limit: number): Promise<number> {
    return this.db.affected(sql`
      DELETE FROM idempotency_keys WHERE id IN (
        SELECT id FROM idempotency_keys WHERE expires_at <= now() LIMIT ${limit})`);
  }
}

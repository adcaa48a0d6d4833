import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';

@Injectable()
export class SessionsRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async create(
    accountId: string,
    tokenHash: string,
    expiresAt: Date,
    fingerprintId: string | null = null,
  ): Promise<void> {
    await this.db.tx.query(
      `INSERT INTO sessions (account_id, token_hash, expires_at, fingerprint_id) VALUES ($1, $2, $3, $4)`,
      [accountId, tokenHash, expiresAt, fingerprintId],
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.tx.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  async revokeByFingerprint(fingerprintId: string): Promise<void> {
    await this.db.tx.query(`UPDATE sessions SET revoked_at = now() WHERE fingerprint_id = $1 AND revoked_at IS NULL`, [
      fingerprintId,
    ]);
  }
}

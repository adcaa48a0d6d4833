import { Injectable } from '@nestjs/common';
import { pageOffset, PageQueryDto } from '../../core/pagination/page-query.dto';
import { Db, InjectDb } from '../../database/transaction-host';
import type { FingerprintDto } from './dto/fingerprint.dto';

const COLUMNS = `id, key_prefix, expires_at, (deactivated_at IS NULL AND expires_at > now()) AS active, created_at`;

@Injectable()
export class FingerprintsRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async create(accountId: string, keyPrefix: string, keyHash: string, expiresAt: Date): Promise<FingerprintDto> {
    const [row] = await this.db.tx.query(
      `INSERT INTO fingerprints (account_id, key_prefix, key_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [accountId, keyPrefix, keyHash, expiresAt],
    );
    return row;
  }

  async list(accountId: string, query: PageQueryDto): Promise<{ items: FingerprintDto[]; total: number }> {
    const [items, [{ total }]] = await Promise.all([
      this.db.tx.query(
        `SELECT ${COLUMNS} FROM fingerprints WHERE account_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [accountId, query.limit, pageOffset(query)],
      ),
      this.db.tx.query(`SELECT count(*)::int AS total FROM fingerprints WHERE account_id = $1`, [accountId]),
    ]);
    return { items, total };
  }

  /** Irreversible; deactivating again keeps the first time. Null when not the account's. */
  async deactivate(accountId: string, id: string): Promise<FingerprintDto | null> {
    const [rows] = await this.db.tx.query(
      `UPDATE fingerprints SET deactivated_at = coalesce(deactivated_at, now()), updated_at = now()
       WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [id, accountId],
    );
    return rows[0] ?? null;
  }

  async findUsable(keyHash: string): Promise<{ id: string; account_id: string; expires_at: Date } | null> {
    const [row] = await this.db.tx.query(
      `SELECT id, account_id, expires_at FROM fingerprints
       WHERE key_hash = $1 AND deactivated_at IS NULL AND expires_at > now()`,
      [keyHash],
    );
    return row ?? null;
  }
}

import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { selectPage } from '../../database/select-page';
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

  list(accountId: string, query: PageQueryDto): Promise<{ items: FingerprintDto[]; total: number }> {
    return selectPage(
      this.db,
      { select: COLUMNS, from: 'fingerprints', where: 'account_id = $1', orderBy: 'created_at DESC, id DESC' },
      [accountId],
      query,
    );
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

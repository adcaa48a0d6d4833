import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { selectPage } from '../../database/select-page';
import { Db, InjectDb } from '../../database/transaction-host';
import type { ApiKeyDto, ApiKeyListItemDto } from './dto/api-key.dto';

const LIST_COLUMNS = 'id, name, key_prefix, daily_requests, last_used_at, expires_at, revoked_at, created_at';
const DETAIL_COLUMNS = `${LIST_COLUMNS}, account_id, updated_at`;

export interface NewApiKey {
  accountId: string;
  name: string;
  keyPrefix: string;
  keyHash: string;
  dailyRequests: number;
  expiresAt: Date | null;
}

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async create(key: NewApiKey): Promise<ApiKeyDto> {
    const [row] = await this.db.tx.query(
      `INSERT INTO api_keys (account_id, name, key_prefix, key_hash, daily_requests, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${DETAIL_COLUMNS}`,
      [key.accountId, key.name, key.keyPrefix, key.keyHash, key.dailyRequests, key.expiresAt],
    );
    return row;
  }

  list(accountId: string, query: PageQueryDto): Promise<{ items: ApiKeyListItemDto[]; total: number }> {
    return selectPage(
      this.db,
      { select: LIST_COLUMNS, from: 'api_keys', where: 'account_id = $1', orderBy: 'created_at DESC, id DESC' },
      [accountId],
      query,
    );
  }

  async findOne(accountId: string, id: string): Promise<ApiKeyDto | null> {
    const [row] = await this.db.tx.query(`SELECT ${DETAIL_COLUMNS} FROM api_keys WHERE id = $1 AND account_id = $2`, [
      id,
      accountId,
    ]);
    return row ?? null;
  }

  /** Revoking is idempotent: a revoked key keeps its first revocation time. False when not the account's. */
  async revoke(accountId: string, id: string): Promise<boolean> {
    const [, affected] = await this.db.tx.query(
      `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()), updated_at = now()
       WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return affected > 0;
  }
}

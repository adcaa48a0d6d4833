import { Injectable } from '@nestjs/common';
import type { ApiKeyCaller, ApiKeyLookup, CallerCompanion } from '../../../core/auth/credential-lookups';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import { ACCOUNT_PROFILES, type AccountDto, accountAnswer } from '../accounts/accounts.face';
import { ApiKeyEntity } from './api-key.entity';
import type { ApiKeyDto, ApiKeyListItemDto } from './dto/api-key.dto';

const apiKeys = new Table(ApiKeyEntity);
const KEY = apiKeys.select();

/** How often last_used_at is written at most: a busy key must not cause a write per request. */
const LAST_USED_RESOLUTION = '1 minute';

@Injectable()
export class ApiKeysRepository implements ApiKeyLookup {
  constructor(private readonly db: Db) {}

  async create(
    key: Pick<Row<ApiKeyEntity>, 'account_id' | 'name' | 'key_prefix' | 'key_hash' | 'daily_requests' | 'expires_at'>,
  ): Promise<ApiKeyDto> {
    return (await this.db.one<ApiKeyDto>(sql`${apiKeys.insert(key)} RETURNING ${KEY}`))!;
  }

  list(accountId: string, query: PageQueryDto): Promise<Page<ApiKeyListItemDto>> {
    return listPage(
      this.db,
      {
        from: 'api_keys k',
        where: new Where(sql`k.account_id = ${accountId}`),
        orderBy: 'k.created_at DESC, k.id DESC',
        key: ['k.id'],
        select: apiKeys.answer('k', [
          'id',
          'name',
          'key_prefix',
          'daily_requests',
          'last_used_at',
          'expires_at',
          'revoked_at',
          'created_at',
        ]),
      },
      query,
    );
  }

  findOne(accountId: string, id: string) {
    return this.db.one<ApiKeyDto>(sql`SELECT ${KEY} FROM api_keys WHERE id = ${id} AND account_id = ${accountId}`);
  }

  /** Revoking is idempotent: a revoked key keeps its first revocation time. False when not the account's. */
  async revoke(accountId: string, id: string): Promise<boolean> {
    const revoked = await this.db.affected(
      sql`UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()), updated_at = now()
          WHERE id = ${id} AND account_id = ${accountId}`,
    );
    return revoked > 0;
  }

  /** Revokes every key of the account not yet revoked (a password reset). */
  async revokeAllOf(accountId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE api_keys SET revoked_at = now(), updated_at = now() WHERE account_id = ${accountId} AND revoked_at IS NULL`,
    );
  }

  /**
   * Finds a usable key and counts this request against its quota for the current UTC day,
   * atomically (the UPSERT serialises concurrent requests on the key's usage row), in one
   * round trip, with the `companion` statement's row (over the key's account) when one is given.
   */
  async resolve(keyHash: string, companion?: CallerCompanion): Promise<ApiKeyCaller | null> {
    const { fields, rows } = await this.db.arrays(
      sql`WITH key AS (
            SELECT id, account_id, daily_requests FROM api_keys
            WHERE key_hash = ${keyHash} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
          ), usage AS (
            INSERT INTO api_key_usage (api_key_id, day, count)
            SELECT id, (now() AT TIME ZONE 'UTC')::date, 1 FROM key
            ON CONFLICT (api_key_id, day) DO UPDATE SET count = api_key_usage.count + 1
            RETURNING count
          ), touched AS (
            UPDATE api_keys SET last_used_at = now()
            WHERE id = (SELECT id FROM key)
              AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION}::interval)
          )
          SELECT key.id AS api_key_id, key.daily_requests, usage.count AS used, ${raw(accountAnswer('a'))}
            ${companion ? sql`, companion.* ` : raw('')}
          FROM key JOIN ${raw(ACCOUNT_PROFILES)} a ON a.id = key.account_id CROSS JOIN usage
          ${companion ? sql`LEFT JOIN LATERAL (SELECT true AS found, answer.* FROM (${companion.statement(raw('key.account_id'))}) answer) companion ON TRUE` : raw('')}`,
      companion ? `auth-resolve-api-key-with-${companion.name}` : 'auth-resolve-api-key',
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    const found = companion ? fields.indexOf('found', 3) : fields.length;
    const [account, answer] = [fieldsOf(fields, row, 3, found), fieldsOf(fields, row, found + 1, fields.length)];
    const caller: ApiKeyCaller = {
      apiKeyId: row[0] as string,
      dailyRequests: row[1] as number,
      used: row[2] as number,
      account: account as unknown as AccountDto,
    };
    if (companion) caller.companion = row[found] ? answer : null;
    return caller;
  }
}

/** The named columns `from` to `to` (exclusive) of an array row, as an object. */
function fieldsOf(fields: string[], row: unknown[], from: number, to: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = from; i < to; i++) object[fields[i]] = row[i];
  return object;
}

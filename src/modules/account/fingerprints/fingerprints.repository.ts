import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { Db } from '../../../database/db';
import { raw, rfc3339, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { FingerprintDto, FingerprintQueryDto } from './dto/fingerprint.dto';
import { FingerprintEntity } from './fingerprint.entity';

const fingerprints = new Table(FingerprintEntity);
const ACTIVE = (alias: string) =>
  `(${alias}.deactivated_at IS NULL AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > now()))`;
/** A fingerprint as the API shows it (the Kroncl server's fields): `status` is derived, never stored. */
const FINGERPRINT = (alias: string) =>
  `${alias}.id, CASE WHEN ${ACTIVE(alias)} THEN 'active' ELSE 'inactive' END AS status,
   ${rfc3339(`${alias}.expires_at`)} AS expired_at, ${rfc3339(`${alias}.last_used_at`)} AS last_used_at,
   ${alias}.key_prefix || '...' AS masked_key, ${alias}.key_prefix, ${rfc3339(`${alias}.created_at`)} AS created_at`;

@Injectable()
export class FingerprintsRepository {
  constructor(private readonly db: Db) {}

  async create(
    fingerprint: Pick<Row<FingerprintEntity>, 'account_id' | 'key_prefix' | 'key_hash' | 'expires_at'>,
  ): Promise<FingerprintDto> {
    return (await this.db.one<FingerprintDto>(
      sql`WITH f AS (${fingerprints.insert(fingerprint)} RETURNING *) SELECT ${raw(FINGERPRINT('f'))} FROM f`,
    ))!;
  }

  list(accountId: string, query: FingerprintQueryDto): Promise<Page<FingerprintDto>> {
    const where = new Where(sql`f.account_id = ${accountId}`).contains(
      `(f.id::text || ' ' || f.key_prefix)`,
      query.search,
    );
    if (query.status) where.and(raw(query.status === 'active' ? ACTIVE('f') : `NOT ${ACTIVE('f')}`));
    return listPage(
      this.db,
      {
        from: 'fingerprints f',
        where,
        orderBy: 'f.created_at DESC, f.id DESC',
        key: ['f.id'],
        select: FINGERPRINT('f'),
      },
      query,
    );
  }

  /** Irreversible; revoking again keeps the first time. Null when not the account's. */
  revoke(accountId: string, id: string) {
    return this.db.one<FingerprintDto>(
      sql`WITH f AS (
            UPDATE fingerprints SET deactivated_at = coalesce(deactivated_at, now()), updated_at = now()
            WHERE id = ${id} AND account_id = ${accountId} RETURNING *
          ) SELECT ${raw(FINGERPRINT('f'))} FROM f`,
    );
  }

  /** Revokes every fingerprint of the account still usable (a password change or reset). */
  async revokeAllOf(accountId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE fingerprints f SET deactivated_at = now(), updated_at = now()
          WHERE account_id = ${accountId} AND ${raw(ACTIVE('f'))}`,
    );
  }

  /** How many of the account's fingerprints are usable: its summary's fingerprints_count. */
  async usableCount(accountId: string): Promise<number> {
    const row = await this.db.one<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM fingerprints
           WHERE account_id = ${accountId} AND deactivated_at IS NULL
             AND (expires_at IS NULL OR expires_at > now())`,
    );
    return row!.count;
  }

  /** The usable fingerprint with this key, its use recorded; null when unknown, revoked or expired. */
  useForSignIn(keyHash: string) {
    return this.db.one<Pick<Row<FingerprintEntity>, 'id' | 'account_id' | 'expires_at'>>(
      sql`UPDATE fingerprints f SET last_used_at = now()
          WHERE key_hash = ${keyHash} AND ${raw(ACTIVE('f'))}
          RETURNING id, account_id, expires_at`,
    );
  }
}

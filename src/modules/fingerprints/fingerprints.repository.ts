import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../core/pagination/list';
import { Page } from '../../core/pagination/page';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Db } from '../../database/db';
import { raw, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import type { FingerprintDto } from './dto/fingerprint.dto';
import { FingerprintEntity } from './fingerprint.entity';

const fingerprints = new Table(FingerprintEntity);
/** A fingerprint as the API shows it: `active` is derived, never stored. */
const FINGERPRINT = (alias: string) =>
  `${fingerprints.list(alias, ['id', 'key_prefix', 'expires_at'])},
   (${alias}.deactivated_at IS NULL AND ${alias}.expires_at > now()) AS active, ${alias}.created_at`;

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

  list(accountId: string, query: PageQueryDto): Promise<Page<FingerprintDto>> {
    return listPage(
      this.db,
      {
        from: 'fingerprints f',
        where: new Where(sql`f.account_id = ${accountId}`),
        orderBy: 'f.created_at DESC, f.id DESC',
        key: ['f.id'],
        select: FINGERPRINT('f'),
      },
      query,
    );
  }

  /** Irreversible; deactivating again keeps the first time. Null when not the account's. */
  deactivate(accountId: string, id: string) {
    return this.db.one<FingerprintDto>(
      sql`WITH f AS (
            UPDATE fingerprints SET deactivated_at = coalesce(deactivated_at, now()), updated_at = now()
            WHERE id = ${id} AND account_id = ${accountId} RETURNING *
          ) SELECT ${raw(FINGERPRINT('f'))} FROM f`,
    );
  }

  findUsable(keyHash: string) {
    return this.db.one<Pick<Row<FingerprintEntity>, 'id' | 'account_id' | 'expires_at'>>(
      sql`SELECT id, account_id, expires_at FROM fingerprints
          WHERE key_hash = ${keyHash} AND deactivated_at IS NULL AND expires_at > now()`,
    );
  }
}

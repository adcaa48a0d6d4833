import { Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { selectPage } from '../../../database/select-page';
import { assignments, jsonb } from '../../../database/sql';
import { Db, InjectDb } from '../../../database/transaction-host';
import type { SourceDto, UpdateSourceDto } from './dto/source.dto';

const SOURCE_COLUMNS = 'id, name, url, type, comment, system, status, metadata, created_at, updated_at';
const UPDATABLE = ['name', 'url', 'type', 'comment', 'status', 'metadata'] as const;

export interface NewSource {
  name: string;
  url: string | null;
  type: string;
  comment: string | null;
  system: boolean;
  status: string;
  metadata: object | null;
}

@Injectable()
export class SourcesRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async create(companyId: string, source: NewSource): Promise<SourceDto> {
    const [row] = await this.db.tx.query(
      `INSERT INTO crm_sources (company_id, name, url, type, comment, system, status, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${SOURCE_COLUMNS}`,
      [
        companyId,
        source.name,
        source.url,
        source.type,
        source.comment,
        source.system,
        source.status,
        jsonb(source.metadata),
      ],
    );
    return row;
  }

  list(companyId: string, query: PageQueryDto): Promise<{ items: SourceDto[]; total: number }> {
    return selectPage(
      this.db,
      { select: SOURCE_COLUMNS, from: 'crm_sources', where: 'company_id = $1', orderBy: 'created_at DESC, id DESC' },
      [companyId],
      query,
    );
  }

  async findOne(companyId: string, id: string): Promise<SourceDto | null> {
    const [row] = await this.db.tx.query(
      `SELECT ${SOURCE_COLUMNS} FROM crm_sources WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return row ?? null;
  }

  /** Whether `id` is a source of the company. */
  async exists(companyId: string, id: string): Promise<boolean> {
    const [row] = await this.db.tx.query(`SELECT 1 FROM crm_sources WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ]);
    return row !== undefined;
  }

  /** Changes the fields sent; never the system source. Null when there is no such source. */
  async update(companyId: string, id: string, changes: UpdateSourceDto): Promise<SourceDto | null> {
    const set = assignments({ ...changes, metadata: jsonb(changes.metadata) }, UPDATABLE, 3);
    if (!set.sql) return this.findOne(companyId, id);
    const [[row]] = await this.db.tx.query(
      `UPDATE crm_sources SET ${set.sql}, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND NOT system RETURNING ${SOURCE_COLUMNS}`,
      [id, companyId, ...set.values],
    );
    return row ?? null;
  }
}

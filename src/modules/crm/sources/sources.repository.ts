import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { SourceDto, UpdateSourceDto } from './dto/source.dto';
import { CrmSourceEntity } from './source.entity';

export const sources = new Table(CrmSourceEntity);
/** A source as the API shows it (SourceDto): every column but the company. */
const SOURCE_COLUMNS = { except: ['company_id'] } as const;
const SOURCE = sources.select(undefined, SOURCE_COLUMNS);

@Injectable()
export class SourcesRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, source: Partial<Row<CrmSourceEntity>>): Promise<SourceDto> {
    return (await this.db.one<SourceDto>(
      sql`${sources.insert({ ...source, company_id: companyId })} RETURNING ${SOURCE}`,
    ))!;
  }

  list(companyId: string, query: PageQueryDto): Promise<Page<SourceDto>> {
    return listPage(
      this.db,
      {
        from: 'crm_sources s',
        where: new Where(sql`s.company_id = ${companyId}`),
        orderBy: 's.created_at DESC, s.id DESC',
        key: ['s.id'],
        select: sources.answer('s', SOURCE_COLUMNS),
      },
      query,
    );
  }

  findOne(companyId: string, id: string) {
    return this.db.one<SourceDto>(
      sql`SELECT ${SOURCE} FROM crm_sources WHERE id = ${id} AND company_id = ${companyId}`,
    );
  }

  /** Whether `id` is a source of the company. */
  async exists(companyId: string, id: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM crm_sources WHERE id = ${id} AND company_id = ${companyId}`)) !== null;
  }

  /** Changes the fields sent; never the system source. Null when there is no such source. */
  async update(companyId: string, id: string, changes: UpdateSourceDto): Promise<SourceDto | null> {
    const set = sources.assignments(changes);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      sql`UPDATE crm_sources SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} AND NOT system RETURNING ${SOURCE}`,
    );
  }
}

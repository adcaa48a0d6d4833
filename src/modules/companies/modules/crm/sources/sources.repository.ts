import { Injectable } from '@nestjs/common';
import { containing, listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListSourcesQueryDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { CrmSourceEntity } from './source.entity';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const sources = new Table(CrmSourceEntity);
/** A source as the API shows it (SourceDto): every column but the company. */
const SOURCE_COLUMNS = { except: ['company_id'] } as const;
const SOURCE = sources.select(undefined, SOURCE_COLUMNS);

@Injectable()
export class SourcesRepository extends CompanyTableRows<CrmSourceEntity, SourceDto> {
  constructor(db: Db) {
    super(db, sources, SOURCE);
  }

  list(companyId: string, query: ListSourcesQueryDto): Promise<Page<SourceDto>> {
    const where = new Where(sql`s.company_id = ${companyId}`)
      .equals('s.type', query.type)
      .equals('s.status', query.status)
      .equals('s.system', query.system);
    if (query.search !== undefined) {
      const term = containing(query.search);
      where.search(sql`(s.name ILIKE ${term} OR s.url ILIKE ${term} OR s.comment ILIKE ${term})`);
    }
    return listPage(
      this.db,
      {
        from: 'crm_sources s',
        where,
        orderBy: 's.created_at DESC, s.id DESC',
        key: ['s.id'],
        select: sources.answer('s', SOURCE_COLUMNS),
      },
      query,
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

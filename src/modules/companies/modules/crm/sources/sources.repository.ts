import { Injectable } from '@nestjs/common';
import { containing, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListSourcesQueryDto, SourceDto, UpdateSourceDto } from './dto/source.dto';
import { CrmSourceEntity } from './source.entity';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const sources = new Table(CrmSourceEntity);

@Injectable()
export class SourcesRepository extends CompanyTableRows<CrmSourceEntity, SourceDto> {
  constructor(db: Db) {
    super(db, sources);
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
    return this.page('s', where, 's.created_at DESC, s.id DESC', query);
  }

  /** Changes the fields sent; never the system source. Null when there is no such source. */
  async update(companyId: string, id: string, changes: UpdateSourceDto): Promise<SourceDto | null> {
    const set = sources.assignments(changes);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      sql`UPDATE crm_sources SET ${set}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} AND NOT system RETURNING ${this.returned}`,
    );
  }
}

import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import { DealTypeEntity } from './deal-type.entity';
import type { DealTypeDto, ListDealTypesQueryDto } from './dto/deal-type.dto';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

const types = new Table(DealTypeEntity);

@Injectable()
export class DealTypesRepository extends CompanyTableRows<DealTypeEntity, DealTypeDto> {
  constructor(db: Db) {
    super(db, types);
  }

  list(companyId: string, query: ListDealTypesQueryDto): Promise<Page<DealTypeDto>> {
    const where = new Where(sql`t.company_id = ${companyId}`).contains(
      `(t.name || ' ' || coalesce(t.comment, ''))`,
      query.search,
    );
    return this.page('t', where, 't.name, t.id', query);
  }
}

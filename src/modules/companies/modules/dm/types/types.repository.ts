import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import { DealTypeEntity } from './deal-type.entity';
import type { DealTypeDto, ListDealTypesQueryDto } from './dto/deal-type.dto';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

const types = new Table(DealTypeEntity);
const TYPE = types.select(undefined, { except: ['company_id'] });

@Injectable()
export class DealTypesRepository extends CompanyTableRows<DealTypeEntity, DealTypeDto> {
  constructor(db: Db) {
    super(db, types, TYPE);
  }

  list(companyId: string, query: ListDealTypesQueryDto): Promise<Page<DealTypeDto>> {
    return listPage(
      this.db,
      {
        from: 'deal_types t',
        where: new Where(sql`t.company_id = ${companyId}`).contains(
          `(t.name || ' ' || coalesce(t.comment, ''))`,
          query.search,
        ),
        orderBy: 't.name, t.id',
        key: ['t.id'],
        select: types.answer('t', { except: ['company_id'] }),
      },
      query,
    );
  }

  async exists(companyId: string, id: string): Promise<boolean> {
    return (await this.findOne(companyId, id)) !== null;
  }

  /** Deletes the type; the deals foreign key refuses a type in use (a foreign key violation). */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM deal_types WHERE id = ${id} AND company_id = ${companyId}`)) > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListPositionsQueryDto, PositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const positions = new Table(PositionEntity);

@Injectable()
export class PositionsRepository extends CompanyTableRows<PositionEntity, PositionDto> {
  constructor(db: Db) {
    super(db, positions);
  }

  list(companyId: string, query: ListPositionsQueryDto): Promise<Page<PositionDto>> {
    const where = new Where(sql`p.company_id = ${companyId}`).contains('p.name', query.search);
    return this.page('p', where, 'p.created_at DESC, p.id DESC', query);
  }
}

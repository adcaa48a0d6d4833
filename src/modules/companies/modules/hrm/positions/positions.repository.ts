import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { ListPositionsQueryDto, PositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';
import { CompanyTableRows } from '../../../../../core/records/company-table-rows';

export const positions = new Table(PositionEntity);
/** A position as the API shows it (PositionDto): every column but the company. */
const POSITION_COLUMNS = { except: ['company_id'] } as const;
const POSITION = positions.select(undefined, POSITION_COLUMNS);

@Injectable()
export class PositionsRepository extends CompanyTableRows<PositionEntity, PositionDto> {
  constructor(db: Db) {
    super(db, positions, POSITION);
  }

  list(companyId: string, query: ListPositionsQueryDto): Promise<Page<PositionDto>> {
    return listPage(
      this.db,
      {
        from: 'positions p',
        where: new Where(sql`p.company_id = ${companyId}`).contains('p.name', query.search),
        orderBy: 'p.created_at DESC, p.id DESC',
        key: ['p.id'],
        select: positions.answer('p', POSITION_COLUMNS),
      },
      query,
    );
  }

  /** Deletes the position; its employees stay and lose it (employee_positions cascade). False when there was none. */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM positions WHERE id = ${id} AND company_id = ${companyId}`)) > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { ListPositionsQueryDto, PositionDto, UpdatePositionDto } from './dto/position.dto';
import { PositionEntity } from './position.entity';

export const positions = new Table(PositionEntity);
/** A position as the API shows it (PositionDto): every column but the company. */
const POSITION_COLUMNS = { except: ['company_id'] } as const;
const POSITION = positions.select(undefined, POSITION_COLUMNS);

@Injectable()
export class PositionsRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, position: Partial<Row<PositionEntity>>): Promise<PositionDto> {
    return (await this.db.one<PositionDto>(
      sql`${positions.insert({ ...position, company_id: companyId })} RETURNING ${POSITION}`,
    ))!;
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

  findOne(companyId: string, id: string): Promise<PositionDto | null> {
    return this.db.one(sql`SELECT ${POSITION} FROM positions WHERE id = ${id} AND company_id = ${companyId}`);
  }

  /** Changes the fields sent (updated_at with them). Null when there is no such position. */
  update(companyId: string, id: string, changes: UpdatePositionDto): Promise<PositionDto | null> {
    const set = positions.assignments(changes);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      sql`UPDATE positions SET ${set}, updated_at = now() WHERE id = ${id} AND company_id = ${companyId} RETURNING ${POSITION}`,
    );
  }

  /** Deletes the position; its employees stay and lose it (employee_positions cascade). False when there was none. */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM positions WHERE id = ${id} AND company_id = ${companyId}`)) > 0;
  }
}

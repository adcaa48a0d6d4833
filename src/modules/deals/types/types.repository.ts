import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Table } from '../../../database/table';
import { DealTypeEntity } from './deal-type.entity';
import type { CreateDealTypeDto, DealTypeDto, ListDealTypesQueryDto, UpdateDealTypeDto } from './dto/deal-type.dto';

const types = new Table(DealTypeEntity);
const TYPE = types.select(undefined, { except: ['company_id'] });

@Injectable()
export class DealTypesRepository {
  constructor(private readonly db: Db) {}

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

  findOne(companyId: string, id: string): Promise<DealTypeDto | null> {
    return this.db.one(sql`SELECT ${TYPE} FROM deal_types WHERE id = ${id} AND company_id = ${companyId}`);
  }

  async exists(companyId: string, id: string): Promise<boolean> {
    return (await this.findOne(companyId, id)) !== null;
  }

  async create(companyId: string, dto: CreateDealTypeDto): Promise<DealTypeDto> {
    return (await this.db.one<DealTypeDto>(sql`${types.insert({ ...dto, company_id: companyId })} RETURNING ${TYPE}`))!;
  }

  update(companyId: string, id: string, changes: UpdateDealTypeDto): Promise<DealTypeDto | null> {
    const set = types.assignments(changes);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(sql`UPDATE deal_types SET ${set}, updated_at = now()
      WHERE id = ${id} AND company_id = ${companyId} RETURNING ${TYPE}`);
  }

  /** Deletes the type; the deals foreign key refuses a type in use (a foreign key violation). */
  async delete(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM deal_types WHERE id = ${id} AND company_id = ${companyId}`)) > 0;
  }
}

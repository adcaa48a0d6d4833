import { Injectable } from '@nestjs/common';
import { ListSpec, listPage, Where } from '../../../../core/pagination/list';
import { Page } from '../../../../core/pagination/page';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { Table } from '../../../../database/table';
import { CounterpartyEntity } from './counterparty.entity';
import type { CounterpartyDto, ListCounterpartiesQueryDto } from './dto/counterparty.dto';
import { ANSWERED, CompanyTableRows } from '../../../../core/records/company-table-rows';

const counterparties = new Table(CounterpartyEntity);
/** A counterparty of alias `cp` as the JSON of a CounterpartyDto: a credit's `counterparty`. */
export const COUNTERPARTY_JSON = counterparties.json('cp', ANSWERED);

/**
 * What `search` matches. It must stay identical to the expression of
 * counterparties_search_trgm_idx (migration Finance), or the planner cannot use that index.
 */
const SEARCH_TEXT = `(c.name || ' ' || coalesce(c.comment, ''))`;

export function counterpartyList(companyId: string, query: ListCounterpartiesQueryDto): ListSpec {
  return {
    from: 'counterparties c',
    where: new Where(sql`c.company_id = ${companyId}`)
      .equals('c.type', query.type)
      .equals('c.status', query.status)
      .contains(SEARCH_TEXT, query.search),
    orderBy: 'c.name, c.id',
    key: ['c.id'],
    select: counterparties.answer('c', ANSWERED),
  };
}

@Injectable()
export class CounterpartiesRepository extends CompanyTableRows<CounterpartyEntity, CounterpartyDto> {
  constructor(db: Db) {
    super(db, counterparties);
  }

  list(companyId: string, query: ListCounterpartiesQueryDto): Promise<Page<CounterpartyDto>> {
    return listPage(this.db, counterpartyList(companyId, query), query);
  }

  /**
   * Whether `id` is an active counterparty of the company, holding it (FOR SHARE) until the
   * transaction ends, so it cannot be deactivated while a credit is being written against it.
   */
  async isActive(companyId: string, id: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 FROM counterparties WHERE id = ${id} AND company_id = ${companyId} AND status = 'active' FOR SHARE`,
    );
    return row !== null;
  }
}

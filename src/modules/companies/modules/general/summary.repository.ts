import { Injectable } from '@nestjs/common';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { clientFigures } from '../crm/crm.face';
import { dealFigures } from '../dm/deals.face';
import { balanceFigures } from '../fm/finance.face';
import { employeeFigures } from '../hrm/hrm.face';
import { catalogFigures } from '../wm/warehouse.face';
import type { CompanySummaryDto, CurrencyBalanceDto } from './dto/summary.dto';

export type SummaryCounts = Pick<
  CompanySummaryDto,
  | 'employees_total'
  | 'employees_active'
  | 'deals_total'
  | 'categories_total'
  | 'units_total'
  | 'clients_total'
  | 'clients_active'
>;

/** The company summary's figures, each read from what its owner module keeps (its face's statement). */
@Injectable()
export class SummaryRepository {
  constructor(private readonly db: Db) {}

  async counts(companyId: string): Promise<SummaryCounts> {
    return (await this.db.one<SummaryCounts>(
      sql`SELECT e.*, d.*, w.*, c.* FROM (${employeeFigures(companyId)}) e, (${dealFigures(companyId)}) d,
            (${catalogFigures(companyId)}) w, (${clientFigures(companyId)}) c`,
    ))!;
  }

  balances(companyId: string): Promise<CurrencyBalanceDto[]> {
    return this.db.rows<CurrencyBalanceDto>(balanceFigures(companyId));
  }
}

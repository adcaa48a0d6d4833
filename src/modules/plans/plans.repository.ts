import { Injectable } from '@nestjs/common';
import { selectPage } from '../../database/select-page';
import { Db, InjectDb } from '../../database/transaction-host';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import type { PricingPlanDto } from './dto/pricing-plan.dto';

export const PLAN_COLUMNS = `code, lvl, price_per_month, price_per_year, price_currency, name, description,
  limit_db_mb, limit_objects_mb, limit_objects_count, created_at, updated_at`;

@Injectable()
export class PlansRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  list(query: PageQueryDto): Promise<{ items: PricingPlanDto[]; total: number }> {
    return selectPage(
      this.db,
      { select: PLAN_COLUMNS, from: 'pricing_plans', where: 'true', orderBy: 'lvl' },
      [],
      query,
    );
  }

  async findByCode(code: string): Promise<PricingPlanDto | null> {
    const [plan] = await this.db.tx.query(`SELECT ${PLAN_COLUMNS} FROM pricing_plans WHERE code = $1`, [code]);
    return plan ?? null;
  }

  async highest(): Promise<PricingPlanDto> {
    const [plan] = await this.db.tx.query(`SELECT ${PLAN_COLUMNS} FROM pricing_plans ORDER BY lvl DESC LIMIT 1`);
    return plan;
  }
}

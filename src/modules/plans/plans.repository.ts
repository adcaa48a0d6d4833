import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';
import { pageOffset, PageQueryDto } from '../../core/pagination/page-query.dto';
import type { PricingPlanDto } from './dto/pricing-plan.dto';

export const PLAN_COLUMNS = `code, lvl, price_per_month, price_per_year, price_currency, name, description,
  limit_db_mb, limit_objects_mb, limit_objects_count, created_at, updated_at`;

@Injectable()
export class PlansRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async list(query: PageQueryDto): Promise<{ items: PricingPlanDto[]; total: number }> {
    const [items, [{ total }]] = await Promise.all([
      this.db.tx.query(`SELECT ${PLAN_COLUMNS} FROM pricing_plans ORDER BY lvl LIMIT $1 OFFSET $2`, [
        query.limit,
        pageOffset(query),
      ]),
      this.db.tx.query(`SELECT count(*)::int AS total FROM pricing_plans`),
    ]);
    return { items, total };
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

import { Injectable } from '@nestjs/common';
import { Db, InjectDb } from '../../database/transaction-host';
import type { PricingPlanDto } from './dto/pricing-plan.dto';

const PLAN_COLUMNS = `code, lvl, price_per_month, price_per_year, price_currency, name, description,
  limit_db_mb, limit_objects_mb, limit_objects_count, created_at, updated_at`;

@Injectable()
export class PlansRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  /** Every plan, cheapest (lowest lvl) first. */
  listAll(): Promise<PricingPlanDto[]> {
    return this.db.tx.query(`SELECT ${PLAN_COLUMNS} FROM pricing_plans ORDER BY lvl`);
  }
}

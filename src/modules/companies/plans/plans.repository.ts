import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Table } from '../../../database/table';
import type { PricingPlanDto } from './dto/pricing-plan.dto';
import { PricingPlanEntity } from './pricing-plan.entity';

const plans = new Table(PricingPlanEntity);

@Injectable()
export class PlansRepository {
  constructor(private readonly db: Db) {}

  /** Every plan, cheapest (highest lvl) first. */
  listAll(): Promise<PricingPlanDto[]> {
    return this.db.rows(sql`SELECT ${plans.select()} FROM pricing_plans ORDER BY lvl DESC`);
  }
}

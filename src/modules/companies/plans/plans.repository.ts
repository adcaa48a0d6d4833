import { Injectable } from '@nestjs/common';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { PricingPlanDto } from './dto/pricing-plan.dto';
import { PricingPlanEntity } from './pricing-plan.entity';

const plans = new Table(PricingPlanEntity);

/** What the operators' console may change of a plan: never its `code` or `lvl` (CONTRACT 21). */
export const PLAN_CHANGEABLE = [
  'name',
  'description',
  'price_per_month',
  'price_per_year',
  'limit_db_mb',
  'limit_objects_mb',
  'limit_objects_count',
] as const;
export type PlanChanges = Partial<Pick<Row<PricingPlanEntity>, (typeof PLAN_CHANGEABLE)[number]>>;

@Injectable()
export class PlansRepository {
  constructor(private readonly db: Db) {}

  /** Every plan, cheapest (highest lvl) first. */
  listAll(): Promise<PricingPlanDto[]> {
    return this.db.rows(sql`SELECT ${plans.select()} FROM pricing_plans ORDER BY lvl DESC`);
  }

  /** Sets only the fields sent; null when there is no such plan. */
  update(code: string, changes: PlanChanges): Promise<PricingPlanDto | null> {
    const set = plans.assignments(changes, PLAN_CHANGEABLE);
    if (!set) return this.db.one(sql`SELECT ${plans.select()} FROM pricing_plans WHERE code = ${code}`);
    return this.db.one(
      sql`UPDATE pricing_plans SET ${set}, updated_at = now() WHERE code = ${code} RETURNING ${plans.select()}`,
    );
  }
}

import { Injectable } from '@nestjs/common';
import { found } from '../../../core/http/app.exception';
import type { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlanCatalog } from './plan-catalog';
import { PlanChanges, PlansRepository } from './plans.repository';

/**
 * Changes a plan for the operators' console (CONTRACT 21). A company keeps the price it bought
 * at (its purchase records the amount); a lowered limit applies to new writes only, as the
 * quotas check writes, never existing rows.
 */
@Injectable()
export class PlanEditor {
  constructor(
    private readonly plans: PlansRepository,
    private readonly catalog: PlanCatalog,
  ) {}

  async update(code: string, changes: PlanChanges): Promise<PricingPlanDto> {
    const plan = found(await this.plans.update(code, changes), 'Plan');
    this.catalog.forget();
    return plan;
  }
}

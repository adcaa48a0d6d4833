import { Injectable } from '@nestjs/common';
import { LoadedOnce } from '../../../core/cache/loaded-once';
import type { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlansRepository } from './plans.repository';

/**
 * The pricing plans. Migrations seed them and no operation changes them, so they are read once
 * per process: the public list, the trial plan and every company's limits come from memory.
 */
@Injectable()
export class PlanCatalog {
  private readonly plans: LoadedOnce<PricingPlanDto[]>;

  constructor(repository: PlansRepository) {
    this.plans = new LoadedOnce(() => repository.listAll());
  }

  /** Cheapest (highest lvl) first. */
  all(): Promise<PricingPlanDto[]> {
    return this.plans.get();
  }

  async byCode(code: string): Promise<PricingPlanDto | null> {
    return (await this.all()).find((plan) => plan.code === code) ?? null;
  }

  /** The richest plan (lvl 1): new companies try it for free. */
  async highest(): Promise<PricingPlanDto> {
    const plans = await this.all();
    return plans[plans.length - 1];
  }
}

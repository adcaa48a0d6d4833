import { Injectable } from '@nestjs/common';
import { LoadedOnce } from '../../../core/cache/loaded-once';
import type { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlansRepository } from './plans.repository';

/** How long an instance serves the plans before it reads them again (an operator may change them). */
export const PLAN_CATALOG_MAX_AGE_MS = 60_000;

/**
 * The pricing plans. Migrations seed them and only the operators' console changes them (its
 * PATCH), so they are kept in memory: the public list, the trial plan and the pricing answers
 * come from memory, read again every minute (and at once on the instance that changed them).
 * A company's limits are read from the table by its standing, so they follow at once.
 */
@Injectable()
export class PlanCatalog {
  private readonly plans: LoadedOnce<PricingPlanDto[]>;

  constructor(repository: PlansRepository) {
    this.plans = new LoadedOnce(() => repository.listAll(), PLAN_CATALOG_MAX_AGE_MS);
  }

  /** After a change: the next use reads the plans again. */
  forget(): void {
    this.plans.forget();
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

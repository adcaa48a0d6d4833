import { Injectable } from '@nestjs/common';
import { AppException } from '../../core/http/app.exception';
import { pageOffset, PageQueryDto } from '../../core/pagination/page-query.dto';
import { Paginated } from '../../core/pagination/paginated';
import { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlanCatalog } from './plan-catalog';

@Injectable()
export class PlansService {
  constructor(private readonly plans: PlanCatalog) {}

  async list(query: PageQueryDto): Promise<Paginated<PricingPlanDto>> {
    const all = await this.plans.all();
    const offset = pageOffset(query);
    return new Paginated('plans', all.slice(offset, offset + query.limit), all.length, query);
  }

  async get(code: string): Promise<PricingPlanDto> {
    const plan = await this.plans.byCode(code);
    if (!plan) throw AppException.notFound(`Plan '${code}'`);
    return plan;
  }
}

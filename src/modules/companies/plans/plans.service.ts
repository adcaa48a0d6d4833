import { Injectable } from '@nestjs/common';
import { found } from '../../../core/http/app.exception';
import { pageOffset, PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Page } from '../../../core/pagination/page';
import { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlanCatalog } from './plan-catalog';

@Injectable()
export class PlansService {
  constructor(private readonly plans: PlanCatalog) {}

  async list(query: PageQueryDto): Promise<Page<PricingPlanDto>> {
    const all = await this.plans.all();
    const offset = pageOffset(query);
    return new Page(all.slice(offset, offset + query.limit), all.length, query);
  }

  async get(code: string): Promise<PricingPlanDto> {
    return found(await this.plans.byCode(code), `Plan '${code}'`);
  }
}

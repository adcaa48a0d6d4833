import { Injectable } from '@nestjs/common';
import { AppException } from '../../core/http/app.exception';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { Paginated } from '../../core/pagination/paginated';
import { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlansRepository } from './plans.repository';

@Injectable()
export class PlansService {
  constructor(private readonly plans: PlansRepository) {}

  async list(query: PageQueryDto): Promise<Paginated<PricingPlanDto>> {
    const { items, total } = await this.plans.list(query);
    return new Paginated('plans', items, total, query);
  }

  async get(code: string): Promise<PricingPlanDto> {
    const plan = await this.plans.findByCode(code);
    if (!plan) throw AppException.notFound(`Plan '${code}'`);
    return plan;
  }
}

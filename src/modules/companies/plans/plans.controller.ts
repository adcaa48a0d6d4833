import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/auth.decorators';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlansService } from './plans.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Public')
@Public()
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** List pricing plans, cheapest (highest lvl) first */
  @Get()
  @Endpoint({ page: ['plans', PricingPlanDto] })
  list(@Query() query: PageQueryDto) {
    return this.plans.list(query);
  }

  /** One pricing plan by code */
  @Get(':code')
  @Endpoint({ answer: PricingPlanDto })
  get(@Param('code') code: string) {
    return this.plans.get(code);
  }
}

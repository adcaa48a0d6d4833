import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { PageQueryDto } from '../../core/pagination/page-query.dto';
import { PricingPlanDto } from './dto/pricing-plan.dto';
import { PlansService } from './plans.service';

@ApiTags('Public')
@Public()
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOperation({ summary: 'List pricing plans, cheapest (highest lvl) first' })
  @ApiPage('plans', PricingPlanDto)
  list(@Query() query: PageQueryDto) {
    return this.plans.list(query);
  }

  @Get(':code')
  @ApiOperation({ summary: 'One pricing plan by code' })
  @ApiEnvelope(PricingPlanDto)
  get(@Param('code') code: string) {
    return this.plans.get(code);
  }
}

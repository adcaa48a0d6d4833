import { TextParams } from '../../../../core/access/company-route.decorators';
import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { found } from '../../../../core/http/app.exception';
import { Patch } from '../../../../core/http/verbs';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { Page } from '../../../../core/pagination/page';
import { PageQueryDto, pageOffset } from '../../../../core/pagination/page-query.dto';
import { PlanCatalog, PlanEditor, PricingPlanDto } from '../../../companies/plans/plans.face';
import { UpdatePlanDto } from './dto/admin-plan.dto';

@ApiTags('Admin')
@Controller('admin/pricing/plans')
export class AdminPlansController {
  constructor(
    private readonly catalog: PlanCatalog,
    private readonly editor: PlanEditor,
  ) {}

  /** Every plan, cheapest first */
  @Get()
  @AdminRoute(5)
  @Endpoint({ page: ['plans', PricingPlanDto] })
  async list(@Query() query: PageQueryDto) {
    const plans = await this.catalog.all();
    const offset = pageOffset(query);
    return new Page(plans.slice(offset, offset + query.limit), plans.length, query);
  }

  /** A plan */
  @Get(':planCode')
  @TextParams('planCode')
  @AdminRoute(5)
  @Endpoint({ answer: PricingPlanDto })
  async get(@Param('planCode') code: string) {
    return found(await this.catalog.byCode(code), 'Plan');
  }

  /** Change a plan's price, description or limits (never its code or level) */
  @Patch(':planCode')
  @TextParams('planCode')
  @AdminRoute(5, { critical: true, action: 'pricing.plans.update' })
  @Endpoint({ answer: PricingPlanDto })
  update(@Param('planCode') code: string, @Body() body: UpdatePlanDto) {
    return this.editor.update(code, body);
  }
}

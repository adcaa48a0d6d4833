import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { DealEntity } from './deal.entity';
import { DealsService } from './deals.service';
import { CreateDealDto, DealDto, DealGroupDto, ListDealsQueryDto, UpdateDealDto } from './dto/deal.dto';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/deals')
@CompanyResources({ dealId: DealEntity })
export class DealsController {
  constructor(private readonly deals: DealsService) {}

  @Get()
  @Endpoint({
    permission: 'dm.deals',
    summary:
      'Deals, newest first, filtered by type, status, client, employee and search; with group_by=status the ' +
      'board instead: `data` is the array of groups `[{status_id, status_name, status_color, sort_order, count, deals}]`, every status in pipeline order with its count and newest `limit` deals',
    page: ['deals', DealDto],
    orArrayOf: DealGroupDto,
  })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealsQueryDto) {
    return this.deals.list(company, query);
  }

  /** Create a deal (status: the default unless given) */
  @Post()
  @Endpoint({ permission: 'dm.deals.create', answer: DealDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealDto) {
    return this.deals.create(company, body);
  }

  /** One deal */
  @Get(':dealId')
  @Endpoint({ permission: 'dm.deals', answer: DealDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string) {
    return this.deals.get(company, id);
  }

  /** Change a deal: its fields, its employees (replaced) and its lines (change, delete: true, or add) */
  @Patch(':dealId')
  @Endpoint({ permission: 'dm.deals.update', answer: DealDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Body() body: UpdateDealDto) {
    return this.deals.update(company, id, body);
  }

  /** Delete a deal; its transactions stay, without the deal */
  @Delete(':dealId')
  @Endpoint({ permission: 'dm.deals.delete', answer: 'empty' })
  delete(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string) {
    return this.deals.delete(company, id);
  }
}

import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { DealEntity } from './deal.entity';
import { DealsService } from './deals.service';
import { CreateDealDto, DealDto, DealGroupDto, ListDealsQueryDto, UpdateDealDto } from './dto/deal.dto';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/deals')
@CompanyResources({ dealId: DealEntity })
export class DealsController {
  constructor(private readonly deals: DealsService) {}

  @Get()
  @RequirePermission('dm.deals')
  @ApiOperation({
    summary:
      'Deals, newest first, filtered by type, status, client, employee and search; with group_by=status the ' +
      'board instead: `data` is the array of groups `[{status_id, status_name, status_color, sort_order, count, deals}]`, every status in pipeline order with its count and newest `limit` deals',
  })
  @ApiPage('deals', DealDto, { orArrayOf: DealGroupDto })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealsQueryDto) {
    return this.deals.list(company, query);
  }

  @Post()
  @RequirePermission('dm.deals.create')
  @ApiOperation({ summary: 'Create a deal (status: the default unless given)' })
  @ApiEnvelope(DealDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealDto) {
    return this.deals.create(company, body);
  }

  @Get(':dealId')
  @RequirePermission('dm.deals')
  @ApiOperation({ summary: 'One deal' })
  @ApiEnvelope(DealDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string) {
    return this.deals.get(company, id);
  }

  @Patch(':dealId')
  @RequirePermission('dm.deals.update')
  @ApiOperation({
    summary: 'Change a deal: its fields, its employees (replaced) and its lines (change, delete: true, or add)',
  })
  @ApiEnvelope(DealDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Body() body: UpdateDealDto) {
    return this.deals.update(company, id, body);
  }

  @Delete(':dealId')
  @RequirePermission('dm.deals.delete')
  @ApiOperation({ summary: 'Delete a deal; its transactions stay, without the deal' })
  @ApiEnvelope()
  delete(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string) {
    return this.deals.delete(company, id);
  }
}

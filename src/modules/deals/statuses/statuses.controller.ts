import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import { DealStatusEntity } from './deal-status.entity';
import {
  CreateDealStatusDto,
  DealStatusDto,
  DealStatusDeletedDto,
  DealStatusesReorderedDto,
  ListDealStatusesQueryDto,
  ReorderDealStatusesDto,
  UpdateDealStatusDto,
} from './dto/deal-status.dto';
import { DealStatusesService } from './statuses.service';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/statuses')
@CompanyResources({ statusId: DealStatusEntity })
export class DealStatusesController {
  constructor(private readonly statuses: DealStatusesService) {}

  @Get()
  @RequirePermission('dm.statuses')
  @ApiOperation({ summary: 'The deal pipeline, by sort_order then name, filtered by search (name, comment)' })
  @ApiPage('statuses', DealStatusDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealStatusesQueryDto) {
    return this.statuses.list(company, query);
  }

  @Post()
  @RequirePermission('dm.statuses.create')
  @ApiOperation({ summary: 'Add a status (last unless sort_order is given; is_default moves the default here)' })
  @ApiEnvelope(DealStatusDto, { status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealStatusDto) {
    return this.statuses.create(company, body);
  }

  @Put('reorder')
  @RequirePermission('dm.statuses.update')
  @ApiOperation({ summary: 'Order the whole pipeline: every status exactly once; sort_order becomes 10, 20, …' })
  @ApiEnvelope(DealStatusesReorderedDto)
  reorderDealStatuses(@CurrentCompany() company: CompanyAccess, @Body() body: ReorderDealStatusesDto) {
    return this.statuses.reorder(company, body);
  }

  @Get(':statusId')
  @RequirePermission('dm.statuses')
  @ApiOperation({ summary: 'One deal status' })
  @ApiEnvelope(DealStatusDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string) {
    return this.statuses.get(company, id);
  }

  @Patch(':statusId')
  @RequirePermission('dm.statuses.update')
  @ApiOperation({ summary: 'Change a status; is_default true moves the default here, false on the default is 409' })
  @ApiEnvelope(DealStatusDto)
  update(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string, @Body() body: UpdateDealStatusDto) {
    return this.statuses.update(company, id, body);
  }

  @Delete(':statusId')
  @RequirePermission('dm.statuses.delete')
  @ApiOperation({ summary: 'Delete a status; 409 for the default and while a deal has it' })
  @ApiEnvelope(DealStatusDeletedDto)
  delete(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string) {
    return this.statuses.delete(company, id);
  }
}

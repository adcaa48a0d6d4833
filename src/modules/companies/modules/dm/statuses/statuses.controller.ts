import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
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
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/statuses')
@CompanyResources({ statusId: DealStatusEntity })
export class DealStatusesController {
  constructor(private readonly statuses: DealStatusesService) {}

  /** The deal pipeline, by sort_order then name, filtered by search (name, comment) */
  @Get()
  @Endpoint({ permission: 'dm.statuses', page: ['statuses', DealStatusDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDealStatusesQueryDto) {
    return this.statuses.list(company, query);
  }

  /** Add a status (last unless sort_order is given; is_default moves the default here) */
  @Post()
  @Endpoint({ permission: 'dm.statuses.create', answer: DealStatusDto, status: HttpStatus.CREATED })
  create(@CurrentCompany() company: CompanyAccess, @Body() body: CreateDealStatusDto) {
    return this.statuses.create(company, body);
  }

  /** Order the whole pipeline: every status exactly once; sort_order becomes 10, 20, … */
  @Put('reorder')
  @Endpoint({ permission: 'dm.statuses.update', answer: DealStatusesReorderedDto })
  reorderDealStatuses(@CurrentCompany() company: CompanyAccess, @Body() body: ReorderDealStatusesDto) {
    return this.statuses.reorder(company, body);
  }

  /** One deal status */
  @Get(':statusId')
  @Endpoint({ permission: 'dm.statuses', answer: DealStatusDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string) {
    return this.statuses.get(company, id);
  }

  /** Change a status; is_default true moves the default here, false on the default is 409 */
  @Patch(':statusId')
  @Endpoint({ permission: 'dm.statuses.update', answer: DealStatusDto })
  update(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string, @Body() body: UpdateDealStatusDto) {
    return this.statuses.update(company, id, body);
  }

  /** Delete a status; 409 for the default and while a deal has it */
  @Delete(':statusId')
  @Endpoint({ permission: 'dm.statuses.delete', answer: DealStatusDeletedDto })
  delete(@CurrentCompany() company: CompanyAccess, @Param('statusId') id: string) {
    return this.statuses.delete(company, id);
  }
}

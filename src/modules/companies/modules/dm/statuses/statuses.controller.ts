import { Body, Controller } from '@nestjs/common';
import { Put } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';
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
export class DealStatusesController extends RecordRoutes({
  service: DealStatusesService,
  param: 'statusId',
  permission: 'dm.statuses',
  answer: DealStatusDto,
  list: {
    key: 'statuses',
    query: ListDealStatusesQueryDto,
    summary: 'The deal pipeline, by sort_order then name, filtered by search (name, comment)',
  },
  create: {
    body: CreateDealStatusDto,
    summary: 'Add a status (last unless sort_order is given; is_default moves the default here)',
  },
  get: { summary: 'One deal status' },
  update: {
    body: UpdateDealStatusDto,
    summary: 'Change a status; is_default true moves the default here, false on the default is 409',
  },
  delete: { answer: DealStatusDeletedDto, summary: 'Delete a status; 409 for the default and while a deal has it' },
}) {
  constructor(private readonly statuses: DealStatusesService) {
    super(statuses);
  }

  /** Order the whole pipeline: every status exactly once; sort_order becomes 10, 20, … */
  @Put('reorder')
  @Endpoint({ permission: 'dm.statuses.update', answer: DealStatusesReorderedDto })
  reorderDealStatuses(@CurrentCompany() company: CompanyAccess, @Body() body: ReorderDealStatusesDto) {
    return this.statuses.reorder(company, body);
  }
}

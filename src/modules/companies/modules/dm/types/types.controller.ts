import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { DealTypeEntity } from './deal-type.entity';
import {
  CreateDealTypeDto,
  DealTypeDeletedDto,
  DealTypeDto,
  ListDealTypesQueryDto,
  UpdateDealTypeDto,
} from './dto/deal-type.dto';
import { DealTypesService } from './types.service';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/types')
@CompanyResources({ typeId: DealTypeEntity })
export class DealTypesController extends RecordRoutes({
  service: DealTypesService,
  param: 'typeId',
  permission: 'dm.types',
  answer: DealTypeDto,
  list: {
    key: 'deal_types',
    query: ListDealTypesQueryDto,
    summary: 'Deal types, by name, filtered by search (name, comment)',
  },
  create: { body: CreateDealTypeDto, summary: 'Create a deal type' },
  get: { summary: 'One deal type' },
  update: { body: UpdateDealTypeDto, summary: 'Change a deal type; only the fields sent change' },
  delete: { answer: DealTypeDeletedDto, summary: 'Delete a deal type; 409 while a deal has it' },
}) {}

import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { RecordRoutes } from '../../../../../core/http/record-routes';
import { DealEntity } from './deal.entity';
import { DealsService } from './deals.service';
import { CreateDealDto, DealDto, DealGroupDto, ListDealsQueryDto, UpdateDealDto } from './dto/deal.dto';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/deals')
@CompanyResources({ dealId: DealEntity })
export class DealsController extends RecordRoutes({
  service: DealsService,
  param: 'dealId',
  permission: 'dm.deals',
  answer: DealDto,
  list: {
    key: 'deals',
    query: ListDealsQueryDto,
    orArrayOf: DealGroupDto,
    summary:
      'Deals, newest first, filtered by type, status, client, employee and search; with group_by=status the ' +
      'board instead: `data` is the array of groups `[{status_id, status_name, status_color, sort_order, count, deals}]`, every status in pipeline order with its count and newest `limit` deals',
  },
  create: { body: CreateDealDto, summary: 'Create a deal (status: the default unless given)', preparesFirst: true },
  get: { summary: 'One deal' },
  update: {
    body: UpdateDealDto,
    summary:
      'Change a deal: its fields, its employees and files (replaced) and its lines (change, delete: true, or add)',
    preparesFirst: true,
  },
  delete: { answer: 'empty', summary: 'Delete a deal; its transactions and files stay, without the deal' },
}) {}

import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { DeprecatedAliasOf } from '../../../../core/http/deprecated-alias';
import { activation, RecordRoutes } from '../../../../core/http/record-routes';
import { CounterpartiesService } from './counterparties.service';
import { CounterpartyEntity } from './counterparty.entity';
import {
  CounterpartyDto,
  CreateCounterpartyDto,
  ListCounterpartiesQueryDto,
  UpdateCounterpartyDto,
} from './dto/counterparty.dto';

@ApiTags('Counterparties')
@Controller('companies/:id/modules/cpm/counterparties')
@CompanyResources({ counterpartyId: CounterpartyEntity })
export class CounterpartiesController extends RecordRoutes({
  service: CounterpartiesService,
  param: 'counterpartyId',
  permission: 'cpm.counterparties',
  answer: CounterpartyDto,
  list: {
    key: 'counterparties',
    query: ListCounterpartiesQueryDto,
    summary: "The company's counterparties, by name then id",
  },
  create: { body: CreateCounterpartyDto, summary: 'Create a counterparty' },
  get: { summary: 'One counterparty' },
  update: {
    body: UpdateCounterpartyDto,
    summary: 'Change a counterparty; only the fields sent change, null clears an optional one',
  },
  transitions: activation('counterparty'),
}) {}

/**
 * The platform's web client still calls counterparties under fm (CONTRACT 17); the Kroncl server
 * and this service serve them under cpm. Same operations, deprecated in OpenAPI.
 */
@ApiTags('Counterparties')
@Controller('companies/:id/modules/fm/counterparties')
@CompanyResources({ counterpartyId: CounterpartyEntity })
@DeprecatedAliasOf(CounterpartiesController, '/companies/{id}/modules/cpm/counterparties')
export class FmCounterpartiesController extends CounterpartiesController {}
